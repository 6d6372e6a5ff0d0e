"""Round 3 of the Python cases, standard library: value and config parsing (tomllib, configparser, decimal,
uuid, ipaddress, zoneinfo, csv), processes and signals, the mail and file-transfer clients (ftplib, poplib,
imaplib, smtplib) against local line servers of servers.py, and xmlrpc.client against a local
SimpleXMLRPCServer. The truth and its reason are stated next to each call, by the principles in
../../LABELLING.md. Scratch paths are fixed under /tmp/rb-corpus/py/r3."""
import configparser
import csv
import decimal
import ftplib
import imaplib
import io
import ipaddress
import os
import poplib
import shutil
import smtplib
import subprocess
import sys
import threading
import tomllib
import uuid
import xmlrpc.client
import xmlrpc.server
import zoneinfo

import servers
from common import SCRATCH, caught
from round2 import _as_nobody_forms

R3 = f"{SCRATCH}/r3"


def values3(c):
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


def processes3(c):
    source = "python-os"
    child = subprocess.Popen(["true"])
    child.wait()  # reaped: its pid names no process any more
    c.add_forms(source, "process-lookup", caught(lambda: os.kill(child.pid, 15)), "ambiguous", "no such process; whether it already ended or the pid is wrong is not said", "os.kill(pid, SIGTERM) of a process that has exited and been reaped")
    _as_nobody_forms(c, source, "kill-not-permitted", "os.kill(1, 15)", "unrecoverable", "operation not permitted: the process belongs to another user")
    source = "python-shutil"
    c.add_forms(source, "disk-usage-missing", caught(lambda: shutil.disk_usage(f"{R3}/mnt/backup")), "ambiguous", "the path does not exist; which one is meant is not said", "shutil.disk_usage of a missing mount point")
    source = "python-subprocess"
    crash = [sys.executable, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"]
    e = caught(lambda: subprocess.run(crash, check=True, capture_output=True))
    e.cmd = ["python3", "render.py"]  # the command line a tool would show; the signal comes from the real run
    c.add_forms(source, "died-with-signal", e, "ambiguous", "the program crashed with a signal; the text does not say why", "subprocess.run(check=True) of a Python process that dies of SIGSEGV, cmd shown as ['python3', 'render.py']", which=("str", "named"))


def mail3(c):
    ftp_how = "ftplib against a local FTP listener (replies written in servers.py, vsftpd wording)"
    busy = servers.line_listener("ftp-busy")
    c.port(busy.getsockname()[1], 8020)
    c.add_forms("python-ftplib", "too-many-users", caught(lambda: ftplib.FTP(timeout=5).connect("127.0.0.1", busy.getsockname()[1])), "transient", "421: too many users connected now; try later", f"{ftp_how}: connect() greeted with 421")
    login = servers.line_listener("ftp-login")
    c.port(login.getsockname()[1], 8021)

    def ftp_login():
        ftp = ftplib.FTP(timeout=5)
        ftp.connect("127.0.0.1", login.getsockname()[1])
        ftp.login("reports", "wrong-password")

    c.add_forms("python-ftplib", "login-incorrect", caught(ftp_login), "unrecoverable", "530: the login is refused; invalid credentials", f"{ftp_how}: login() refused with 530")
    cwd = servers.line_listener("ftp-cwd")
    c.port(cwd.getsockname()[1], 8022)

    def ftp_cwd():
        ftp = ftplib.FTP(timeout=5)
        ftp.connect("127.0.0.1", cwd.getsockname()[1])
        ftp.login("reports", "secret")
        ftp.cwd("/exports/2026-01")

    c.add_forms("python-ftplib", "cwd-failed", caught(ftp_cwd), "ambiguous", "550: the directory cannot be entered; missing or not allowed is not said", f"{ftp_how}: cwd() refused with 550")

    pop_how = "poplib against a local POP3 listener (replies written in servers.py, Dovecot wording)"
    for mode, case, truth, reason, port in [
        ("pop-auth", "auth-failed", "unrecoverable", "the login is refused: invalid credentials", 8023),
        ("pop-temp", "temporary-failure", "transient", "[SYS/TEMP]: a temporary failure of the server", 8024),
    ]:
        listener = servers.line_listener(mode)
        c.port(listener.getsockname()[1], port)

        def pop_login(listener=listener):
            pop = poplib.POP3("127.0.0.1", listener.getsockname()[1], timeout=5)
            pop.user("reports@example.com")
            pop.pass_("wrong-password")

        c.add_forms("python-poplib", case, caught(pop_login), truth, reason, f"{pop_how}: pass_() answered with -ERR")

    imap = servers.line_listener("imap-auth")
    c.port(imap.getsockname()[1], 8025)

    def imap_login():
        box = imaplib.IMAP4("127.0.0.1", imap.getsockname()[1], timeout=5)
        box.login("reports@example.com", "wrong-password")

    c.add_forms("python-imaplib", "authentication-failed", caught(imap_login), "unrecoverable", "the login is refused: invalid credentials", "imaplib against a local IMAP listener (replies written in servers.py, Dovecot wording): login() answered NO [AUTHENTICATIONFAILED]")

    grey = servers.smtp_listener("greylist")
    c.port(grey.getsockname()[1], 8026)

    def send():
        s = smtplib.SMTP("127.0.0.1", grey.getsockname()[1], timeout=5)
        try:
            s.sendmail("reports@example.com", ["ops@example.com"], "Subject: nightly report\r\n\r\nattached\r\n")
        finally:
            s.close()

    c.add_forms("python-smtplib", "greylisted", caught(send), "transient", "450 greylisting: the recipient server asks to come back later", "smtplib against a local SMTP listener (replies written in servers.py, Postgrey wording): sendmail() answered 450 at RCPT")
    for listener in (busy, login, cwd, imap, grey):
        listener.close()


def add_note(order_id, text):
    return {"order_id": order_id, "text": text}


ORDERS = {"order-1001": {"status": "shipped"}}


def get_order(order_id):
    return ORDERS[order_id]


def sync_status():
    return {"state": "done", "synced": 240, "failed": 0, "error": "", "last_error_at": "2026-01-01T22:14:03Z"}


def xmlrpc3(c, base):
    source = "python-xmlrpc"
    server = xmlrpc.server.SimpleXMLRPCServer(("127.0.0.1", 0), logRequests=False, allow_none=True)
    for fn in (add_note, get_order, sync_status):
        server.register_function(fn)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    c.port(port, 8027)
    proxy = xmlrpc.client.ServerProxy(f"http://127.0.0.1:{port}/RPC2")
    how = "xmlrpc.client.ServerProxy against a local xmlrpc.server.SimpleXMLRPCServer"
    c.add_forms(source, "fault-missing-argument", caught(lambda: proxy.add_note("order-1001")), "fixable", "the fault names the missing argument text of add_note", f"{how}: add_note() with one of its two arguments", which=("str", "named"))
    c.add_forms(source, "fault-unknown-method", caught(lambda: proxy.add_nte("order-1001", "call back")), "fixable", "the fault quotes the method name add_nte that is not supported; the name is the value to change", f"{how}: a misspelled method", which=("str", "named"))
    c.add_forms(source, "fault-server-keyerror", caught(lambda: proxy.get_order("order-4711")), "ambiguous", "a KeyError inside the server; whether the id is wrong or missing is not said", f"{how}: get_order() of an id the server lacks", which=("str", "named"))
    c.add(source, "ok-error-fields", "str", str(proxy.sync_status()), "none", "the call returned the sync status; an empty error and a past last_error_at are data", f"{how}: str() of the result of sync_status()")
    server.shutdown()
    server.server_close()
    proto_how = "xmlrpc.client.ServerProxy against /rpc3/NNN of servers.py (CPython send_error pages)"
    for status, truth, reason in [
        (503, "transient", "503: the RPC endpoint is unavailable for now"),
        (401, "unrecoverable", "401: the RPC endpoint refuses the credentials"),
    ]:
        rpc = xmlrpc.client.ServerProxy(f"{base}/rpc3/{status}")
        c.add_forms(source, f"protocol-error-{status}", caught(lambda: rpc.sync_status()), truth, reason, f"{proto_how}: a call answered with {status}", which=("str", "named"))
