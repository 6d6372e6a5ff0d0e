"""Python `TypeError`s about a function's arguments, as the model meets them: a small tool host of the standard
library that calls a registered function with the model's arguments (`TOOLS[name](**arguments)`) and returns the
error as its tool result (`str(e)`, `Name: message` or the host's traceback); the same errors reported by
xmlrpc.server through xmlrpc.client and by a minimal JSON-RPC 2.0 handler on http.server; and, for contrast, the
same kind of error in a program's own code (a script a command ran, a tool calling its helper wrongly) and in a
`python3 -c` command's own code. The truth and its reason are stated next to each case, by the principles in
../../LABELLING.md (the row on a Python `TypeError` about a function's arguments): fixable when the failing call is
the one made with the model's arguments, ambiguous when the last frame is a line of a program's file."""
import asyncio
import importlib.util
import json
import re
import sys
import threading
import urllib.request
import xmlrpc.client
import xmlrpc.server
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from common import SCRATCH, caught, run_command, write_file


R13 = f"{SCRATCH}/argument-errors"

# The tool host: the functions an agent's tools call, registered by name, and the hosts that call one with the
# arguments the model sent and turn an exception into the tool result in the style they are configured with.
AGENT_TOOLS = '''"""The tools of an agent, registered by name, and the hosts that run the calls the model asks for."""
import inspect
import traceback

TOOLS = {}


def tool(fn):
    TOOLS[fn.__name__] = fn
    return fn


def error_result(e, errors):
    if errors == "traceback":
        text = traceback.format_exc()
    elif errors == "named":
        text = f"{type(e).__name__}: {e}"
    else:
        text = str(e)
    return {"content": text, "is_error": True}


def format_money(amount_cents, currency):
    return f"{amount_cents / 100:.2f} {currency.upper()}"


def celsius_to_fahrenheit(celsius):
    return round(celsius * 9 / 5 + 32, 1)


@tool
def create_invoice(customer_id, amount_cents, currency="usd", *, due_days=30):
    return {"customer_id": customer_id, "total": format_money(amount_cents, currency), "due_days": due_days}


@tool
def create_refund(charge_id, amount_cents, reason="requested_by_customer"):
    return {"charge_id": charge_id, "amount": format_money(amount_cents, currency_code="eur"), "reason": reason}


@tool
def search_orders(query, status="open", limit=20):
    return {"query": query, "status": status, "limit": limit, "orders": []}


@tool
def send_email(to, subject, body, cc=None):
    return {"to": to, "subject": subject, "queued": True}


@tool
def resize_image(path, width, height, keep_aspect=True):
    return {"path": path, "size": [width, height]}


@tool
def get_weather(city, units="metric"):
    return {"city": city, "units": units, "temperature": 14.5}


@tool
def get_forecast(city, days=3):
    highs = [14.5, 16.0, 12.5][:days]
    return {"city": city, "highs_f": [celsius_to_fahrenheit() for _ in highs]}


@tool
def schedule_meeting(title, start, *, duration_minutes, attendees=()):
    return {"title": title, "start": start, "duration_minutes": duration_minutes, "attendees": list(attendees)}


TOOLS["round_number"] = round


@tool
def search_logs(pattern, since):
    lines = [
        "2026-01-02 09:14:07 ERROR worker-3 TypeError: 'NoneType' object is not subscriptable (export job 5512)",
        "2026-01-02 11:40:52 ERROR worker-1 TypeError: unsupported operand type(s) for +: 'int' and 'str' (import job 5530)",
    ]
    hits = [line for line in lines if pattern in line and line[:10] >= since]
    return f"{len(hits)} matching lines since {since}:\\n" + "\\n".join(hits)


def run_tool(name, arguments, errors="str"):
    """Calls the tool `name` with the model's arguments: a JSON object as keywords, a JSON array as positionals."""
    try:
        if isinstance(arguments, list):
            result = TOOLS[name](*arguments)
        else:
            result = TOOLS[name](**arguments)
    except Exception as e:
        return error_result(e, errors)
    return {"content": str(result), "is_error": False}


USER_TOOLS = {}


def user_tool(fn):
    USER_TOOLS[fn.__name__] = fn
    return fn


@user_tool
def list_invoices(user_id, status="unpaid", limit=10):
    return {"user_id": user_id, "status": status, "invoices": []}


def run_user_tool(user_id, name, arguments, errors="str"):
    """Calls a per-user tool: the signed-in user's id goes first, the model's arguments after it."""
    try:
        return {"content": str(USER_TOOLS[name](user_id, **arguments)), "is_error": False}
    except Exception as e:
        return error_result(e, errors)


class CalendarTools:
    def find_free_slots(self, date, duration_minutes=30, attendees=()):
        return {"date": date, "slots": ["10:00", "14:30"]}


CALENDAR = CalendarTools()


def run_calendar_tool(name, arguments, errors="str"):
    """Calls a method of the calendar toolset by the tool's name."""
    try:
        return {"content": str(getattr(CALENDAR, name)(**arguments)), "is_error": False}
    except Exception as e:
        return error_result(e, errors)


ASYNC_TOOLS = {}


async def fetch_url(url, timeout_seconds=10):
    return {"url": url, "status": 200}


ASYNC_TOOLS["fetch_url"] = fetch_url


async def run_async_tool(name, arguments, errors="str"):
    """Awaits an async tool with the model's arguments."""
    try:
        return {"content": str(await ASYNC_TOOLS[name](**arguments)), "is_error": False}
    except Exception as e:
        return error_result(e, errors)


def call_checked(name, arguments, errors="str"):
    """Checks the model's arguments against the tool's signature before it calls the tool."""
    fn = TOOLS[name]
    try:
        bound = inspect.signature(fn).bind(**arguments)
    except TypeError as e:
        if errors == "tool-message":
            return {"content": f"Invalid arguments for tool {name}: {e}", "is_error": True}
        return error_result(e, errors)
    return {"content": str(fn(*bound.args, **bound.kwargs)), "is_error": False}
'''

# The scripts a command runs: each calls a function of its own, or of the standard library, wrongly.
EXPORT_ORDERS = '''import csv

ORDERS = [
    {"id": 5512, "customer": "Acme GmbH", "total": "149.00"},
    {"id": 5513, "customer": "Globex", "total": "89.50"},
]


def write_csv(rows, path, delimiter=","):
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]), delimiter=delimiter)
        writer.writeheader()
        writer.writerows(rows)


write_csv(ORDERS, path="orders.csv", delimeter=";")
print(f"wrote {len(ORDERS)} orders to orders.csv")
'''

SEND_DIGEST = '''import sys


def render_digest(items, period):
    lines = [f"Your {period} digest: {len(items)} updates"]
    lines += [f"- {item}" for item in items]
    return "\\n".join(lines)


def main(argv):
    items = ["PR #482 merged", "Invoice INV-2026-0042 paid", "3 new sign-ups"]
    print(render_digest(items))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
'''

SCHEDULE_BACKUP = '''import datetime


def next_backup(now):
    tonight = datetime.datetime(now.year, now.month, now.day, hours=2)
    return tonight + datetime.timedelta(days=1) if tonight <= now else tonight


print("next backup at", next_backup(datetime.datetime(2026, 1, 15, 9, 30)).isoformat())
'''

BUILD_REPORT = '''class Report:
    def __init__(self, title):
        self.title = title
        self.rows = []

    def add_row(self, name, value):
        self.rows.append((name, value))

    def render(self):
        return "\\n".join([self.title] + [f"{name}: {value}" for name, value in self.rows])


report = Report("Weekly sales")
report.add_row("orders", 184)
report.add_row("revenue", 12840.5, "EUR")
print(report.render())
'''

TEST_TOOLS = '''import sys
import unittest

sys.path.insert(0, "host")
from agent_tools import run_tool, send_email  # noqa: E402


class ToolArgumentTests(unittest.TestCase):
    def test_send_email_rejects_unknown_keyword(self):
        """send_email(recipient=...) raises TypeError."""
        with self.assertRaises(TypeError):
            send_email(recipient="ops@example.com", subject="Deploy", body="done")

    def test_run_tool_reports_missing_argument(self):
        """run_tool returns an error result for a TypeError, it does not raise."""
        result = run_tool("send_email", {"to": "ops@example.com", "subject": "Deploy"})
        self.assertTrue(result["is_error"])

    def test_send_email_queues_message(self):
        """a full set of arguments queues the message."""
        self.assertTrue(send_email("ops@example.com", "Deploy", "done")["queued"])


if __name__ == "__main__":
    unittest.main()
'''

PRICING = '''"""Prices with tax.

>>> with_tax(100, 0.2)
120.0
>>> with_tax(100, rate=0.2)
Traceback (most recent call last):
    ...
TypeError: with_tax() got an unexpected keyword argument 'rate'
"""


def with_tax(net, tax_rate):
    return round(net * (1 + tax_rate), 2)
'''


def load_host():
    """Writes the tool host into the scratch tree and imports it from there, so that its traceback quotes a fixed
    path and its own lines."""
    path = f"{R13}/host/agent_tools.py"
    write_file(path, AGENT_TOOLS)
    spec = importlib.util.spec_from_file_location("agent_tools", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class InventoryService:
    """An XML-RPC service whose last parameter, when it is a struct, holds the keyword arguments (as Odoo's
    execute_kw takes them)."""

    def update_stock(self, sku, quantity, warehouse="main"):
        return {"sku": sku, "quantity": quantity, "warehouse": warehouse}

    def reserve_stock(self, sku, quantity, *, order_id):
        return {"sku": sku, "reserved": quantity, "order_id": order_id}

    def _dispatch(self, method, params):
        if method not in ("update_stock", "reserve_stock"):
            raise Exception(f'method "{method}" is not supported')
        if params and isinstance(params[-1], dict):
            return getattr(self, method)(*params[:-1], **params[-1])
        return getattr(self, method)(*params)


def book_room(room_id, date, hours=1):
    return {"room_id": room_id, "date": date, "hours": hours}


def convert_currency(amount, from_currency, to_currency):
    return {"amount": amount, "from": from_currency, "to": to_currency, "converted": round(amount * 1.08, 2)}


def translate_text(text, target_lang, source_lang="auto"):
    return {"text": text, "target_lang": target_lang}


def create_ticket(title, description, priority="normal"):
    return {"id": 4711, "title": title, "priority": priority}


JSONRPC_METHODS = {"translate_text": translate_text, "create_ticket": create_ticket}


class JsonRpcHandler(BaseHTTPRequestHandler):
    """A minimal JSON-RPC 2.0 endpoint: params as an object are keywords, as an array positionals; a TypeError of
    the call is answered as -32602 Invalid params with its text."""

    def do_POST(self):
        request = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        fn = JSONRPC_METHODS.get(request["method"])
        params = request.get("params", {})
        if fn is None:
            reply = {"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": request.get("id")}
        else:
            try:
                result = fn(**params) if isinstance(params, dict) else fn(*params)
                reply = {"jsonrpc": "2.0", "result": result, "id": request.get("id")}
            except TypeError as e:
                reply = {"jsonrpc": "2.0", "error": {"code": -32602, "message": f"Invalid params: {e}"}, "id": request.get("id")}
        body = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def argument_type_errors_and_tool_hosts(c):
    host = load_host()
    source = "python-tool-host"
    where = "a stdlib tool host (host/agent_tools.py in /tmp/rb-corpus/py/argument-errors, imported with importlib)"

    def host_forms(case, call, truth, reason, how, which=("str", "named", "traceback")):
        for form in which:
            result = call(form)
            assert result["is_error"], case
            c.add(source, case, form, result["content"], truth, reason, f"{how}; the host's {form} result")

    fixable = "fixable"
    # fixable by the TypeError row: the host's call with the model's arguments failed; the text names the argument
    host_forms("r13-host-unexpected-kwarg-invoice", lambda f: host.run_tool("create_invoice", {"customer_id": "cus_Qm4Tz8LpW2xR", "amount": 4999, "currency": "eur"}, f), fixable,
               "the model's arguments made the call: the unexpected keyword amount is named (the host calls TOOLS[name](**arguments))",
               f"{where}: run_tool('create_invoice', {{customer_id, amount, currency}}) where the parameter is amount_cents")
    host_forms("r13-host-unexpected-kwarg-weather", lambda f: host.run_tool("get_weather", {"location": "Lisbon", "units": "metric"}, f), fixable,
               "the model's arguments made the call: the unexpected keyword location is named",
               f"{where}: run_tool('get_weather', {{location, units}}) where the parameter is city")
    host_forms("r13-host-missing-positional-email", lambda f: host.run_tool("send_email", {"to": "ops@example.com", "subject": "Deploy finished"}, f), fixable,
               "the model's arguments made the call: the missing required argument body is named",
               f"{where}: run_tool('send_email', {{to, subject}}) without body")
    host_forms("r13-host-missing-two-resize", lambda f: host.run_tool("resize_image", {"path": "assets/hero.png"}, f), fixable,
               "the model's arguments made the call: the missing arguments width and height are named",
               f"{where}: run_tool('resize_image', {{path}}) without width and height")
    host_forms("r13-host-missing-kwonly-meeting", lambda f: host.run_tool("schedule_meeting", {"title": "Q1 planning", "start": "2026-02-03T10:00:00+01:00", "attendees": ["ana@example.com"]}, f), fixable,
               "the model's arguments made the call: the missing keyword-only argument duration_minutes is named",
               f"{where}: run_tool('schedule_meeting', {{title, start, attendees}}) without the keyword-only duration_minutes")
    host_forms("r13-host-too-many-positional-orders", lambda f: host.run_tool("search_orders", ["refund", "open", 50, "created_at"], f), fixable,
               "the model's arguments made the call: the text says search_orders takes 1 to 3 positional arguments and got 4",
               f"{where}: run_tool('search_orders', [4 values]) passed as *arguments to a function of 1 to 3")
    host_forms("r13-host-multiple-values-invoices", lambda f: host.run_user_tool("usr_8f3k2", "list_invoices", {"user_id": "usr_1001", "status": "overdue"}, f), fixable,
               "the model's arguments made the call: user_id is given twice (the host passes it), the text names it",
               f"{where}: run_user_tool(user_id, 'list_invoices', {{user_id, status}}), the host calling USER_TOOLS[name](user_id, **arguments)")
    host_forms("r13-host-method-unexpected-kwarg-calendar", lambda f: host.run_calendar_tool("find_free_slots", {"day": "2026-02-03", "duration_minutes": 45}, f), fixable,
               "the model's arguments made the call: the unexpected keyword day is named",
               f"{where}: run_calendar_tool('find_free_slots', {{day, duration_minutes}}), the host calling getattr(CALENDAR, name)(**arguments)")
    host_forms("r13-host-async-unexpected-kwarg-fetch", lambda f: asyncio.run(host.run_async_tool("fetch_url", {"url": "https://status.example.com/api/v2/status.json", "timeout": 5}, f)), fixable,
               "the model's arguments made the call: the unexpected keyword timeout is named",
               f"{where}: asyncio.run(run_async_tool('fetch_url', {{url, timeout}})), the host awaiting ASYNC_TOOLS[name](**arguments)")
    host_forms("r13-host-builtin-invalid-keyword-round", lambda f: host.run_tool("round_number", {"number": 3.14159, "digits": 2}, f), fixable,
               "the model's arguments made the call: the invalid keyword digits is named",
               f"{where}: run_tool('round_number', {{number, digits}}), the tool being the builtin round")
    # fixable by the TypeError row: the host checks the model's arguments against the signature (inspect's bind)
    host_forms("r13-host-bind-missing-subject", lambda f: host.call_checked("send_email", {"to": "ana@example.com", "body": "Slides attached."}, f), fixable,
               "the check of the model's arguments names the missing argument subject",
               f"{where}: call_checked('send_email', {{to, body}}), inspect.signature(fn).bind(**arguments) before the call", which=("str", "named", "tool-message"))
    host_forms("r13-host-bind-unexpected-reply-to", lambda f: host.call_checked("send_email", {"to": "ana@example.com", "subject": "Slides", "body": "Attached.", "reply_to": "team@example.com"}, f), fixable,
               "the check of the model's arguments names the unexpected keyword reply_to",
               f"{where}: call_checked('send_email', {{to, subject, body, reply_to}}), inspect.signature(fn).bind(**arguments) before the call", which=("str", "named", "tool-message"))
    # ambiguous by the TypeError row: the tool's own code calls its helper wrongly (the last frame is in the tool)
    host_forms("r13-host-helper-unexpected-kwarg-refund", lambda f: host.run_tool("create_refund", {"charge_id": "ch_3Pq8LmT2xR", "amount_cents": 1500}, f), "ambiguous",
               "the model's arguments were right: create_refund's own code calls format_money with a wrong keyword (last frame in the tool's body)",
               f"{where}: run_tool('create_refund', {{charge_id, amount_cents}}), whose body calls format_money(amount_cents, currency_code=...)", which=("traceback",))
    host_forms("r13-host-helper-missing-positional-forecast", lambda f: host.run_tool("get_forecast", {"city": "Porto", "days": 2}, f), "ambiguous",
               "the model's arguments were right: get_forecast's own code calls celsius_to_fahrenheit() without its argument (last frame in the tool's body)",
               f"{where}: run_tool('get_forecast', {{city, days}}), whose body calls celsius_to_fahrenheit() with no argument", which=("traceback",))
    # none by rule 1: the tool did what it was asked; the TypeErrors are the log lines it found
    result = host.run_tool("search_logs", {"pattern": "TypeError", "since": "2026-01-02"})
    assert not result["is_error"]
    c.add(source, "r13-host-ok-search-logs-typeerror", "content", result["content"], "none", "the search found the log lines it was asked for; the TypeErrors are their data",
          f"{where}: run_tool('search_logs', {{pattern: 'TypeError', since}}), the host's result")

    # XML-RPC: functions registered on SimpleXMLRPCServer (positional parameters), and a service whose last struct
    # parameter holds the keywords
    source = "python-xmlrpc"
    server = xmlrpc.server.SimpleXMLRPCServer(("127.0.0.1", 0), logRequests=False, allow_none=True)
    server.register_function(book_room)
    server.register_function(convert_currency)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    c.port(port, 8050)
    proxy = xmlrpc.client.ServerProxy(f"http://127.0.0.1:{port}/RPC2")
    inventory_server = xmlrpc.server.SimpleXMLRPCServer(("127.0.0.1", 0), logRequests=False, allow_none=True)
    inventory_server.register_instance(InventoryService())
    threading.Thread(target=inventory_server.serve_forever, daemon=True).start()
    inventory_port = inventory_server.server_address[1]
    c.port(inventory_port, 8051)
    inventory = xmlrpc.client.ServerProxy(f"http://127.0.0.1:{inventory_port}/RPC2")
    how = "xmlrpc.client.ServerProxy against a local xmlrpc.server.SimpleXMLRPCServer"

    def fault_forms(case, call, reason, detail):
        e = caught(call)
        assert isinstance(e, xmlrpc.client.Fault), case
        for form, text in (("str", str(e)), ("named", f"{type(e).__name__}: {e}"), ("faultString", e.faultString)):
            c.add(source, case, form, text, "fixable", reason, f"{how}: {detail}; {form} of the Fault")

    # fixable by the TypeError row: the fault reports the TypeError of the call made with the model's arguments
    fault_forms("r13-xmlrpc-missing-positional-convert", lambda: proxy.convert_currency(120, "EUR"),
                "the fault reports the call's TypeError: the missing argument to_currency is named", "convert_currency(120, 'EUR') without to_currency")
    fault_forms("r13-xmlrpc-too-many-positional-book", lambda: proxy.book_room("B-204", "2026-02-03", 2, "projector"),
                "the fault reports the call's TypeError: book_room takes 2 to 3 positional arguments and got 4", "book_room() with 4 parameters")
    fault_forms("r13-xmlrpc-unexpected-kwarg-stock", lambda: inventory.update_stock({"sku": "TSHIRT-M", "qty": 5}),
                "the fault reports the call's TypeError: the unexpected keyword qty is named", "update_stock({sku, qty}) of a service taking keywords from a struct (register_instance with _dispatch)")
    fault_forms("r13-xmlrpc-missing-kwonly-reserve", lambda: inventory.reserve_stock({"sku": "TSHIRT-M", "quantity": 2}),
                "the fault reports the call's TypeError: the missing keyword-only argument order_id is named", "reserve_stock({sku, quantity}) without the keyword-only order_id (register_instance with _dispatch)")
    fault_forms("r13-xmlrpc-multiple-values-stock", lambda: inventory.update_stock("TSHIRT-M", {"sku": "TSHIRT-M", "quantity": 5}),
                "the fault reports the call's TypeError: sku is given both as a positional and a keyword", "update_stock('TSHIRT-M', {sku, quantity}) (register_instance with _dispatch)")
    for s in (server, inventory_server):
        s.shutdown()
        s.server_close()

    # JSON-RPC 2.0 over http.server: the body the client receives
    source = "python-jsonrpc"
    rpc = ThreadingHTTPServer(("127.0.0.1", 0), JsonRpcHandler)
    threading.Thread(target=rpc.serve_forever, daemon=True).start()
    c.port(rpc.server_address[1], 8052)
    endpoint = f"http://127.0.0.1:{rpc.server_address[1]}/rpc"

    def jsonrpc(method, params):
        request = urllib.request.Request(endpoint, data=json.dumps({"jsonrpc": "2.0", "method": method, "params": params, "id": 1}).encode(), headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.read().decode()

    how = "urllib.request POST to a minimal JSON-RPC 2.0 handler on http.server (its -32602 message is 'Invalid params: ' and str(e) of the call's TypeError)"
    for case, method, params, reason in [
        ("r13-jsonrpc-unexpected-kwarg-translate", "translate_text", {"text": "Your order has shipped.", "target_language": "de"}, "the error reports the call's TypeError: the unexpected keyword target_language is named"),
        ("r13-jsonrpc-missing-positional-ticket", "create_ticket", {"title": "Export fails for January", "priority": "high"}, "the error reports the call's TypeError: the missing argument description is named"),
    ]:
        body = jsonrpc(method, params)
        message = json.loads(body)["error"]["message"]
        # fixable by the TypeError row: a JSON-RPC error's message reporting the call made with the model's params
        c.add(source, case, "body", body, "fixable", reason, f"{how}: {method} with params {json.dumps(params)}; the response body")
        c.add(source, case, "message", message, "fixable", reason, f"{how}: {method} with params {json.dumps(params)}; error.message of the response")
    rpc.shutdown()
    rpc.server_close()

    # commands: scripts whose own code calls a function wrongly, and python3 -c / stdin code that does
    source = "python-subprocess"
    scripts = f"{R13}/scripts"
    for name, text in (("export_orders.py", EXPORT_ORDERS), ("send_digest.py", SEND_DIGEST), ("schedule_backup.py", SCHEDULE_BACKUP), ("build_report.py", BUILD_REPORT)):
        write_file(f"{scripts}/{name}", text)
    for case, script, reason in [
        ("r13-script-unexpected-kwarg-export", "export_orders.py", "a TypeError in the script's own module code (write_csv with delimeter): the last frame is a line of the script, the program is wrong, not the call"),
        ("r13-script-missing-positional-digest", "send_digest.py", "a TypeError in the script's own function (render_digest without period): the last frame is a line of the script"),
        ("r13-script-invalid-keyword-backup", "schedule_backup.py", "the script's own code passes hours= to datetime.datetime: the last frame is a line of the script"),
        ("r13-script-too-many-positional-report", "build_report.py", "the script's own code calls Report.add_row with an extra argument: the last frame is a line of the script"),
    ]:
        run = run_command([sys.executable, script], cwd=scripts)
        assert run.returncode != 0 and "TypeError" in run.stderr, case
        # ambiguous by the TypeError row: a program's file is wrong, not the call
        c.add(source, case, "stderr", run.stderr, "ambiguous", reason, f"python3 {script} in {scripts}, stderr, exit {run.returncode}")

    for case, code, reason in [
        ("r13-c-textwrap-shorten-widht", "import textwrap; print(textwrap.shorten('hello world', widht=5))", "the command's own code is the call (last frame File \"<string>\"): the missing argument width is named, the command spells it widht"),
        ("r13-c-json-dump-missing-fp", "import json; json.dump({'id': 7, 'status': 'paid'})", "the command's own code is the call (last frame File \"<string>\"): the missing argument fp is named"),
        ("r13-c-sorted-reversed", "print(sorted([3, 1, 2], reversed=True))", "the command's own code is the call (last frame File \"<string>\"): the invalid keyword reversed is named"),
        ("r13-c-date-replace-months", "from datetime import date; print(date(2026, 1, 31).replace(months=2))", "the command's own code is the call (last frame File \"<string>\"): the invalid keyword months is named"),
        ("r13-c-urlencode-safe-chars", "from urllib.parse import urlencode; print(urlencode({'q': 'status:open label:bug'}, safe_chars=':'))", "the command's own code is the call (last frame File \"<string>\"): the unexpected keyword safe_chars is named"),
        ("r13-c-own-function-rate", "def total(prices, tax_rate):\n    return round(sum(prices) * (1 + tax_rate), 2)\n\nprint(total([19.99, 5.0, 12.5], rate=0.2))", "the command's own code is the call (last frame File \"<string>\" of the -c code): the unexpected keyword rate is named"),
    ]:
        run = run_command([sys.executable, "-c", code], cwd=R13)
        assert run.returncode != 0 and "TypeError" in run.stderr, case
        # fixable by the TypeError row: the traceback's last frame is the command line's own code
        c.add(source, case, "stderr", run.stderr, "fixable", reason, f"python3 -c {json.dumps(code)}, stderr, exit {run.returncode}")
    code = "import statistics\nlatencies_ms = [120, 95, 310, 87]\nprint(statistics.mean(latencies_ms, weights=[1, 1, 2, 1]))\n"
    run = run_command([sys.executable, "-"], cwd=R13, input=code)
    assert run.returncode != 0 and "<stdin>" in run.stderr
    # fixable by the TypeError row: the last frame is File "<stdin>", the code the command passed itself
    c.add(source, "r13-stdin-statistics-mean-weights", "stderr", run.stderr, "fixable", "the command's own code is the call (last frame File \"<stdin>\"): the unexpected keyword weights is named",
          f"python3 - with the code on stdin ({json.dumps(code)}), stderr, exit {run.returncode}")

    # successes that name a TypeError in passing
    write_file(f"{R13}/test_tools.py", TEST_TOOLS)
    run = run_command([sys.executable, "-m", "unittest", "-v", "test_tools"], cwd=R13)
    assert run.returncode == 0, run.stderr
    # none by rule 1: every test passed; TypeError is what one test expects
    c.add(source, "r13-unittest-pass-expects-typeerror", "stderr", re.sub(r"in \d+\.\d+s", "in 0.000s", run.stderr), "none", "all tests passed; one asserts that a TypeError is raised and its docstring says so",
          f"python3 -m unittest -v test_tools in {R13} (run time fixed to 0.000s), stderr, exit {run.returncode}")
    write_file(f"{R13}/pricing.py", PRICING)
    run = run_command([sys.executable, "-m", "doctest", "-v", "pricing.py"], cwd=R13)
    assert run.returncode == 0, run.stdout + run.stderr
    # none by rule 1: the doctests passed; the TypeError is the expected output of one example
    c.add(source, "r13-doctest-pass-expects-typeerror", "stdout", run.stdout, "none", "the doctests passed (Test passed.); the TypeError is the output one example expects",
          f"python3 -m doctest -v pricing.py in {R13}, stdout, exit {run.returncode}")
