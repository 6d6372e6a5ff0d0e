"""The parsing and validation of a tool's arguments and of the data it reads: the builtins (int, float, json,
datetime), the standard library's parsers (re, csv, tomllib, configparser, decimal, uuid, ipaddress, zoneinfo,
base64, shlex), and pydantic, jsonschema, PyYAML and botocore's parameter checks when they are importable. The
truth and its reason are stated next to each call, by the principles in ../../LABELLING.md."""
import base64
import configparser
import csv
import datetime
import decimal
import importlib.metadata
import io
import ipaddress
import json
import os
import re
import shlex
import tomllib
import uuid
import zoneinfo

from common import caught, write_file
from libraries import jsonschema_cases, optional_import
from scratch import R3, R4, R5, R10


def search(query, limit=10):
    """A tool function with one required argument: calling it wrongly gives the errors the first cases record."""
    return query, limit


def values_and_types(c):
    source = "python-builtins"
    c.add_forms(source, "missing-argument", caught(lambda: search()), "fixable", "names the missing argument query", "calling a tool function without its required argument")
    c.add_forms(source, "unexpected-keyword", caught(lambda: search("x", max_results=5)), "fixable", "names the unexpected keyword max_results", "calling a tool function with an unknown keyword")
    c.add_forms(source, "too-many-positional", caught(lambda: search("x", 5, True)), "fixable", "says how many arguments the function takes", "calling a tool function with too many arguments")
    c.add_forms(source, "int-parse", caught(lambda: int("ten")), "fixable", "names the value 'ten' and that an integer is expected", "int('ten') on an argument")
    c.add_forms(source, "date-parse", caught(lambda: __import__("datetime").date.fromisoformat("2026-13-01")), "fixable", "names the value and the expected ISO format", "date.fromisoformat('2026-13-01')")
    c.add_forms(source, "json-decode", caught(lambda: json.loads('{"a": }')), "ambiguous", "a parse error of data the tool read; which value is wrong is not named", "json.loads of a malformed document")
    c.add_forms(source, "key-error", caught(lambda: {"host": "db"}["port"]), "ambiguous", "a missing key inside the tool", "a dict lookup of a missing key")
    c.add_forms(source, "zero-division", caught(lambda: 1 / 0), "ambiguous", "a programming error inside the tool", "1 / 0")


def formats_patterns_and_decoding(c):
    source = "python-builtins"
    c.add_forms(source, "strptime-format", caught(lambda: datetime.datetime.strptime("05/01/2026", "%Y-%m-%d")), "fixable", "quotes the value and the format %Y-%m-%d it must match", "datetime.strptime('05/01/2026', '%Y-%m-%d')")
    c.add_forms(source, "regex-error", caught(lambda: re.compile("(GET|POST /api")), "fixable", "the pattern argument is malformed; the text says what is missing and where", "re.compile of an unbalanced pattern")
    c.add_forms(source, "unicode-decode", caught(lambda: b"name,city\n\xe9mile,Paris\n".decode("utf-8")), "ambiguous", "a decode error of data the tool read; which encoding is meant is not said", "bytes.decode('utf-8') of Latin-1 data")


def config_files_and_identifiers(c):
    os.makedirs(R3, exist_ok=True)
    with open(f"{R3}/pyproject.toml", "w") as f:
        f.write('[project]\nname = "reports"\nversion = 1.0.0\n')

    def load_toml():
        with open(f"{R3}/pyproject.toml", "rb") as f:
            tomllib.load(f)

    c.add_forms("python-tomllib", "decode-error", caught(load_toml), "ambiguous", "a parse error of a file the tool read; the text gives a position, not the value to change in the call", "tomllib.load of a pyproject.toml with an unquoted version")
    with open(f"{R3}/app.ini", "w") as f:
        f.write("debug = true\nport = 8080\n")
    c.add_forms("python-configparser", "missing-section-header", caught(lambda: configparser.ConfigParser().read(f"{R3}/app.ini")), "ambiguous", "a parse error of a config file the tool read; the fix is in the file, not the call", "ConfigParser().read of an .ini file without a [section] line", which=("str", "named"))
    c.add_forms("python-decimal", "conversion-syntax", caught(lambda: decimal.Decimal("12,50")), "ambiguous", "names only the class ConversionSyntax, not the value or the format wanted", "decimal.Decimal('12,50')")
    c.add_forms("python-uuid", "badly-formed", caught(lambda: uuid.UUID("order-4711")), "fixable", "says the id argument must be a hexadecimal UUID string", "uuid.UUID('order-4711') of a tool's id argument")
    c.add_forms("python-ipaddress", "bad-address", caught(lambda: ipaddress.ip_address("10.0.0.256")), "fixable", "quotes the value and says it must be an IPv4 or IPv6 address", "ipaddress.ip_address('10.0.0.256')")
    c.add_forms("python-zoneinfo", "unknown-key", caught(lambda: zoneinfo.ZoneInfo("US/Pacfic")), "ambiguous", "no time zone has that key; the text does not say which key is meant", "zoneinfo.ZoneInfo('US/Pacfic') (system tzdata)")
    c.add_forms("python-csv", "delimiter-length", caught(lambda: csv.reader(io.StringIO("a||b\n"), delimiter="||")), "fixable", "names the delimiter argument and that it must be a 1-character string", "csv.reader(..., delimiter='||')")


def list_issues(repo, state="open", per_page=30):
    """A tool function that checks its own arguments the way tool code does."""
    if state not in ("open", "closed", "all"):
        raise ValueError(f"state must be one of 'open', 'closed', 'all', got {state!r}")
    if not 1 <= per_page <= 100:
        raise ValueError(f"per_page must be between 1 and 100, got {per_page}")
    return {"repo": repo, "state": state, "per_page": per_page}


def argument_ranges_and_nested_models(c):
    source = "python-builtins"
    c.add_forms(source, "tool-value-error", caught(lambda: list_issues("acme/billing", per_page=500)), "fixable", "names per_page, its value and the range it must be in", "a tool function's own ValueError about its argument per_page")
    os.makedirs(R4, exist_ok=True)
    write_file(f"{R4}/records.json", "{'id': 17, 'status': 'open'}\n")

    def load_records():
        with open(f"{R4}/records.json") as f:
            return json.load(f)

    c.add_forms(source, "json-single-quotes", caught(load_records), "ambiguous", "a parse error of a data file the tool read; the fix is in the data, not the call", "json.load of a file written with Python's repr (single quotes)")
    pydantic = optional_import("pydantic")
    if pydantic is not None:
        how = f"pydantic {pydantic.VERSION}"

        class Line(pydantic.BaseModel):
            sku: str
            quantity: int = pydantic.Field(gt=0)

        class CreateOrder(pydantic.BaseModel):
            customer_id: int
            lines: list[Line]

        data = {"customer_id": 42, "lines": [{"sku": "A-100", "quantity": 2}, {"sku": "B-200", "quantity": 0}]}
        c.add_forms("python-pydantic", "nested-list-item", caught(lambda: CreateOrder(**data)), "fixable", "names lines.1.quantity and that it must be greater than 0", f"{how} model validation of a nested list item", which=("str", "named"))
    jsonschema = optional_import("jsonschema")
    if jsonschema is None:
        return
    how = f"jsonschema {importlib.metadata.version('jsonschema')}"
    schema = {"type": "object", "properties": {"query": {"type": "string"}, "limit": {"type": "integer", "minimum": 1, "maximum": 100}}, "required": ["query"]}
    e = caught(lambda: jsonschema.validate({"query": "status:failed", "limit": 500}, schema))
    reason = "quotes the value 500 and the maximum 100 (str adds the path limit)"
    c.add("python-jsonschema", "maximum", "message", e.message, "fixable", reason, f"{how} ValidationError.message")
    c.add("python-jsonschema", "maximum", "str", str(e), "fixable", reason, f"{how} str(ValidationError)")
    c.add("python-jsonschema", "maximum", "named", f"{type(e).__name__}: {e.message}", "fixable", reason, f"{how} Name: message")


def json_lines_datetimes_and_list_sizes(c):
    source = "python-builtins"
    os.makedirs(R5, exist_ok=True)
    write_file(f"{R5}/events.json", '{"id": 1, "type": "deploy", "status": "ok"}\n{"id": 2, "type": "deploy", "status": "failed"}\n')

    def load_events():
        with open(f"{R5}/events.json") as f:
            return json.load(f)

    # ambiguous by rule 6: a parse error of data the tool read (JSON Lines read as one document)
    c.add_forms(source, "json-extra-data", caught(load_events), "ambiguous", "a parse error of a data file the tool read; the fix is in the data or the reader, not a changed value", "json.load of a JSON Lines file")
    pydantic = optional_import("pydantic")
    if pydantic is not None:
        import datetime

        how = f"pydantic {pydantic.VERSION}"

        class Reminder(pydantic.BaseModel):
            title: str
            remind_at: datetime.datetime

        c.add_forms("python-pydantic", "datetime-parsing", caught(lambda: Reminder(title="Renew TLS certificate", remind_at="next friday 9am")), "fixable", "names remind_at and that a valid datetime is needed", f"{how} model validation of a datetime field", which=("str", "named"))

        class JobResult(pydantic.BaseModel):
            job_id: str
            status: str
            error: str | None = None
            error_count: int = 0

        ok = JobResult(job_id="nightly-export", status="succeeded")
        c.add("python-pydantic", "valid-error-fields", "json", ok.model_dump_json(), "none", "a validated result; error is null and error_count is 0", f"{how} model_dump_json")
    jsonschema = optional_import("jsonschema")
    if jsonschema is None:
        return
    how = f"jsonschema {importlib.metadata.version('jsonschema')}"
    schema = {"type": "object", "properties": {"to": {"type": "array", "items": {"type": "string"}, "minItems": 1}, "subject": {"type": "string"}}, "required": ["to", "subject"]}
    e = caught(lambda: jsonschema.validate({"to": [], "subject": "Weekly report"}, schema))
    reason = "says the value [] of to should be non-empty (str adds the path to and minItems 1)"
    c.add("python-jsonschema", "min-items", "message", e.message, "fixable", reason, f"{how} ValidationError.message")
    c.add("python-jsonschema", "min-items", "str", str(e), "fixable", reason, f"{how} str(ValidationError)")
    c.add("python-jsonschema", "min-items", "named", f"{type(e).__name__}: {e.message}", "fixable", reason, f"{how} Name: message")


def floats_csv_quotes_and_yaml(c):
    source = "python-builtins"
    # fixable by rule 5: names the value '1,5' that is not a float
    c.add_forms(source, "float-parse", caught(lambda: float("1,5")), "fixable", "names the value '1,5' and that it must be a float", "float('1,5') on an argument")

    pydantic = optional_import("pydantic")
    if pydantic is not None:
        how = f"pydantic {pydantic.VERSION}"

        class Post(pydantic.BaseModel):
            title: str
            tags: list[str] = pydantic.Field(default_factory=list, max_length=3)

        # fixable by rule 5: names tags and the maximum of 3 items
        c.add_forms("python-pydantic", "list-too-long", caught(lambda: Post(title="Release notes 2.4", tags=["release", "changelog", "api", "python"])), "fixable", "names tags and that it may have at most 3 items", f"{how} model validation of a list with max_length=3", which=("str", "named"))

    source = "python-csv"
    data = 'id,name,note\n1,"Acme GmbH","net 30"\n2,"Globex" Inc,"prepaid"\n'
    # ambiguous by rule 6: a parse error of data the tool read
    c.add_forms(source, "strict-quote", caught(lambda: list(csv.reader(io.StringIO(data), strict=True))), "ambiguous", "a parse error of CSV data the tool read; the fix is in the data, not a changed value", "csv.reader(strict=True) of a row with text after a closing quote")
    rows = list(csv.DictReader(io.StringIO("job,status,error\nnightly-export,succeeded,\nthumbnails,succeeded,\n")))
    # none by rule 1: the rows were read; the error column is empty
    c.add(source, "rows-with-error-field", "str", str(rows), "none", "the rows that were read; their error fields are empty", "str(list(csv.DictReader(...))) of a CSV with an error column")

    yaml = optional_import("yaml")
    if yaml is None:
        return
    doc = "service: billing\nreplicas: 2\nenv:\n  LOG_LEVEL: info\n  DATABASE_URL: postgres://db:5432/billing\n   TIMEOUT: 30\n"
    # ambiguous by rule 6: a parse error of data the tool read (a key indented one space too far)
    c.add_forms("python-yaml", "mapping-values", caught(lambda: yaml.safe_load(doc)), "ambiguous", "a parse error of YAML data the tool read; the fix is in the data, not a changed value", f"PyYAML {yaml.__version__} safe_load of a mapping with a mis-indented key", which=("str", "named"))


def json_base64_shlex_and_whole_numbers(c):
    # ambiguous by rule 6: a parse error of data the tool read
    c.add_forms("python-builtins", "json-trailing-comma", caught(lambda: json.loads('{"service": "billing", "replicas": 2,}')), "ambiguous", "a parse error of JSON data the tool read; the fix is in the data, not a changed value", "json.loads of an object with a trailing comma")
    # ambiguous by rule 6: a decode error of data the tool read
    c.add_forms("python-base64", "incorrect-padding", caught(lambda: base64.b64decode("eyJ1c2VyIjoiYWRhIn0")), "ambiguous", "a decode error of data the tool read; which part is wrong is not said", "base64.b64decode of a token without its padding")
    # fixable: the command-line argument is malformed and the text says what is missing
    c.add_forms("python-shlex", "no-closing-quotation", caught(lambda: shlex.split('git commit -m "Fix retry loop')), "fixable", "the command argument lacks a closing quotation mark; the text says so", "shlex.split of a command string with an unclosed quote")

    pydantic = optional_import("pydantic")
    if pydantic is None:
        return

    class LineItem(pydantic.BaseModel):
        sku: str
        quantity: int

    # fixable by rule 5: names quantity and that it must be a whole number
    c.add_forms("python-pydantic", "int-from-float", caught(lambda: LineItem(sku="A-100", quantity=2.5)), "fixable", "names quantity and that it must be an integer without a fractional part", f"pydantic {pydantic.VERSION} model validation of 2.5 for an int field", which=("str", "named"))


def isoformat_dictwriter_and_booleans(c):
    # fixable by rule 5: quotes the value that is not an ISO 8601 string
    c.add_forms("python-builtins", "isoformat-timezone-name", caught(lambda: datetime.datetime.fromisoformat("2026-01-02 10:00:00 UTC")), "fixable", "quotes the value and that it must be an ISO format string", "datetime.fromisoformat('2026-01-02 10:00:00 UTC')")

    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=["id", "name", "total"])
    writer.writeheader()
    # fixable by rule 5: names the field email that is not among the fieldnames
    c.add_forms("python-csv", "dictwriter-extra-field", caught(lambda: writer.writerow({"id": 1, "name": "Acme GmbH", "total": 99.5, "email": "billing@acme.example"})), "fixable", "names the field email that is not in fieldnames", "csv.DictWriter.writerow of a row with a key outside fieldnames")

    pydantic = optional_import("pydantic")
    if pydantic is None:
        return

    class Flags(pydantic.BaseModel):
        name: str
        enabled: bool

    # fixable by rule 5: names enabled and that it must be a boolean
    c.add_forms("python-pydantic", "bool-parsing", caught(lambda: Flags(name="new-checkout", enabled="sometimes")), "fixable", "names enabled and that a valid boolean is needed", f"pydantic {pydantic.VERSION} model validation of a bool field", which=("str", "named"))


def day_ranges_networks_and_uuids(c):
    source = "python-builtins"
    # fixable by rule 5: says the day is out of range for the month of the value
    c.add_forms(source, "strptime-day-out-of-range", caught(lambda: datetime.datetime.strptime("2026-02-30", "%Y-%m-%d")), "fixable", "says the day of the date argument is out of range for its month", "datetime.strptime('2026-02-30', '%Y-%m-%d')")
    # fixable by rule 5: quotes the network value and what is wrong with it (host bits set)
    c.add_forms("python-ipaddress", "host-bits-set", caught(lambda: ipaddress.ip_network("10.20.30.40/24")), "fixable", "quotes the network argument and says it has host bits set", "ipaddress.ip_network('10.20.30.40/24')")

    pydantic = optional_import("pydantic")
    if pydantic is None:
        return
    import uuid

    class Refund(pydantic.BaseModel):
        order_id: uuid.UUID
        amount: float

    # fixable by rule 5: names order_id and that it must be a valid UUID
    c.add_forms("python-pydantic", "uuid-parsing", caught(lambda: Refund(order_id="ord_8c1f2e", amount=12.5)), "fixable", "names order_id and that it must be a valid UUID", f"pydantic {pydantic.VERSION} model validation of a UUID field", which=("str", "named"))


def config_json_timestamps_invoices_and_s3_keys(c):
    write_file(f"{R10}/config/app.json", '{\n  "port": 8080,\n  "debug": true,\n}\n')

    def load_config():
        with open(f"{R10}/config/app.json") as f:
            return json.load(f)

    # ambiguous by rule 6: a parse error of data the tool read (a trailing comma in the file)
    c.add_forms("python-builtins", "json-load-trailing-comma", caught(load_config), "ambiguous", "a parse error of a JSON file the tool read; the fix is in the data, not a changed value", "json.load of a config file with a trailing comma")
    # fixable by rule 5: quotes the value and the format it must match
    c.add_forms("python-builtins", "strptime-iso-z", caught(lambda: datetime.datetime.strptime("2026-01-15T09:30:00Z", "%Y-%m-%d %H:%M:%S")), "fixable", "quotes the time value and the format it does not match", "datetime.strptime('2026-01-15T09:30:00Z', '%Y-%m-%d %H:%M:%S')")

    write_file(f"{R10}/exports/jobs.csv", "job,status,attempts,error\nsync-invoices,succeeded,1,\nretry-timeouts,succeeded,2,\nresend-failed-webhooks,succeeded,1,\n")
    with open(f"{R10}/exports/jobs.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    # none by rule 1: the rows that were asked for; error is empty and the error words are job names
    c.add("python-csv", "dictreader-job-rows", "str", str(rows), "none", "the rows that were asked for; every error field is empty and the error words are job names", "str(list(csv.DictReader(f))) of a CSV export")

    pydantic = optional_import("pydantic")
    if pydantic is not None:
        from typing import Literal

        class CreateInvoice(pydantic.BaseModel):
            customer_id: int
            amount_cents: int
            currency: Literal["usd", "eur", "gbp"]

        # fixable by rule 5: names customer_id and currency and what each must be
        c.add_forms("python-pydantic", "invoice-two-errors", caught(lambda: CreateInvoice(customer_id="cus_RkT4mZp9XwQ2aL", amount_cents=1999, currency="USD")), "fixable", "names customer_id (a valid integer) and currency (one of usd, eur, gbp)", f"pydantic {pydantic.VERSION} model validation of a request body", which=("str", "named"))

    botocore = optional_import("botocore.session")
    if botocore is not None:
        import botocore as bc

        client = botocore.get_session().create_client("s3", region_name="us-east-1", aws_access_key_id="AKIAEXAMPLEEXAMPLE00", aws_secret_access_key="example-secret-key-example-secret-key0")
        # fixable by rule 5: botocore's ParamValidationError names the missing parameter Key
        c.add_forms("python-botocore", "put-object-missing-key", caught(lambda: client.put_object(Bucket="acme-exports", Body=b"id,total\n1,99.50\n")), "fixable", "names the missing required parameter Key", f"botocore {bc.__version__} s3 put_object without Key (no request made)", which=("str", "named"))


def empty_bodies_dates_page_sizes_and_buckets(c):
    # ambiguous by rule 6: a parse error of data the tool read (an empty response body)
    c.add_forms("python-builtins", "r11-json-loads-empty-body", caught(lambda: json.loads("")), "ambiguous", "a JSON parse error of an empty body the tool read; why it is empty is not said", "json.loads('') of an empty response body")
    # fixable by rule 5: quotes the value and says it is not an ISO date
    c.add_forms("python-builtins", "r11-fromisoformat-unpadded", caught(lambda: datetime.date.fromisoformat("2026-1-15")), "fixable", "quotes the date value and says it is not an ISO format string", "date.fromisoformat('2026-1-15')")

    pydantic = optional_import("pydantic")
    if pydantic is not None:
        class ListIssues(pydantic.BaseModel):
            repo: str
            state: str = "open"
            per_page: int = pydantic.Field(30, ge=1, le=100)

        # fixable by rule 5: names per_page and its bound
        c.add_forms("python-pydantic", "r11-per-page-too-large", caught(lambda: ListIssues(repo="acme/api", per_page=500)), "fixable", "names per_page and that it must be at most 100", f"pydantic {pydantic.VERSION} model validation of a tool's arguments", which=("str", "named"))

    jsonschema = optional_import("jsonschema")
    if jsonschema is not None:
        schema = {"type": "object", "properties": {"channel": {"type": "string"}, "text": {"type": "string"}, "thread_ts": {"type": "string"}}, "required": ["channel", "text"], "additionalProperties": False}
        # fixable by rule 5: names the value of thread_ts and the type it must have
        jsonschema_cases(c, jsonschema, schema, [("r11-thread-ts-type", {"channel": "#deploys", "text": "deploy finished", "thread_ts": 1767348000.0002}, "names the value of thread_ts and that it must be a string")])

    botocore = optional_import("botocore.session")
    if botocore is not None:
        import botocore as bc

        client = botocore.get_session().create_client("s3", region_name="us-east-1", aws_access_key_id="AKIAEXAMPLEEXAMPLE11", aws_secret_access_key="example-secret-key-example-secret-key1")
        # fixable by rule 5: botocore's ParamValidationError names the bucket value and the pattern it must match
        c.add_forms("python-botocore", "r11-get-object-bucket-with-slash", caught(lambda: client.get_object(Bucket="acme-exports/2026-01", Key="invoices.csv")), "fixable", "names the invalid Bucket value and the pattern it must match", f"botocore {bc.__version__} s3 get_object with a key prefix in Bucket (no request made)", which=("str", "named"))
