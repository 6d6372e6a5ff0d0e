"""The standard library's network clients against local servers of servers.py: socket and urllib connection
errors, http.client, ssl, smtplib, ftplib, poplib, imaplib and xmlrpc.client. The truth and its reason are
stated next to each call, by the principles in ../../LABELLING.md."""
import ftplib
import imaplib
import poplib
import smtplib
import socket
import threading
import time
import urllib.request
import xmlrpc.client
import xmlrpc.server

import servers
from common import SCRATCH, caught, run_python, self_signed_cert


def port_of(base):
    return int(base.rsplit(":", 1)[1])


def network_stdlib(c, base):
    source = "python-socket"
    refused = caught(lambda: socket.create_connection(("127.0.0.1", c.closed), timeout=5))
    c.add_forms(source, "connection-refused", refused, "transient", "connection refused", "socket.create_connection to a closed port")

    def recv_after_reset():
        s = socket.create_connection(("127.0.0.1", c.reset), timeout=5)
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        s.recv(1024)
        s.recv(1024)

    c.add_forms(source, "connection-reset", caught(recv_after_reset), "transient", "connection reset by the peer", "socket recv from a listener that resets")

    def recv_timeout():
        s = socket.create_connection(("127.0.0.1", c.silent), timeout=0.3)
        s.recv(1024)

    c.add_forms(source, "recv-timeout", caught(recv_timeout), "transient", "network read timeout", "socket recv with timeout 0.3 from a silent listener")

    source = "python-urllib"
    c.add_forms(source, "connection-refused", caught(lambda: urllib.request.urlopen(f"http://127.0.0.1:{c.closed}/", timeout=5)), "transient", "connection refused", "urllib.request.urlopen to a closed port")
    c.add_forms(source, "remote-closed", caught(lambda: urllib.request.urlopen(f"http://127.0.0.1:{c.closing}/", timeout=5)), "transient", "the server dropped the connection without answering", "urllib.request.urlopen to a listener that closes")
    c.add_forms(source, "read-timeout", caught(lambda: urllib.request.urlopen(f"http://127.0.0.1:{c.silent}/", timeout=0.3)), "transient", "network read timeout", "urllib.request.urlopen(timeout=0.3) to a silent listener")
    c.add_forms(source, "unknown-url-type", caught(lambda: urllib.request.urlopen("api.example.com/items", timeout=5)), "fixable", "the URL argument is not a full URL; the text quotes it", "urllib.request.urlopen of a URL without scheme")
    run = run_python("import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=5)", f"http://127.0.0.1:{c.closed}/")
    c.add(source, "connection-refused", "traceback", run.stderr, "ambiguous", "connection refused; the command's own target refused it, so nothing listens there (LABELLING.md: ambiguous)", f"python3 -c urlopen to a closed port, uncaught, stderr, exit {run.returncode}")


def http_client_tls_smtp_and_sockets(c):
    import http.client
    import smtplib

    source = "python-http-client"
    conn = http.client.HTTPConnection("127.0.0.1", port_of(c.base), timeout=5)
    conn.request("GET", "/short-body")
    response = conn.getresponse()
    c.add_forms(source, "incomplete-read", caught(response.read), "transient", "the connection dropped in the middle of the body", "http.client response.read() of a body cut short by the server")
    ssh = servers.banner_listener(b"SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3\r\n")
    c.port(ssh.getsockname()[1], 8010)

    def http_to_ssh():
        conn = http.client.HTTPConnection("127.0.0.1", ssh.getsockname()[1], timeout=5)
        conn.request("GET", "/")
        conn.getresponse()

    c.add_forms(source, "bad-status-line", caught(http_to_ssh), "ambiguous", "the port answers with a non-HTTP banner; which port is meant is not said", "http.client GET to a listener that sends an SSH banner (banner written in servers.py)")
    c.add_forms(source, "url-control-char", caught(lambda: http.client.HTTPConnection("127.0.0.1", 80).request("GET", "/v1/search?q=red shoes")), "fixable", "quotes the URL and the character it must not contain", "http.client request of a URL with a space (no connection made)")

    source = "python-ssl"
    cert, key = self_signed_cert(f"{SCRATCH}/r2/tls", "api.internal.example", "DNS:api.internal.example")
    tls, port = servers.tls_server(cert, key)
    c.port(port, 8011)
    reason = "the server's certificate is not trusted; stopping or using another endpoint depends on context"
    e = caught(lambda: urllib.request.urlopen(f"https://127.0.0.1:{port}/ok", timeout=5))
    c.add_forms(source, "self-signed", e, "ambiguous", reason, "urllib.request.urlopen of a local TLS server with a self-signed certificate (openssl req -x509)")
    run = run_python("import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=5)", f"https://127.0.0.1:{port}/ok")
    c.add(source, "self-signed", "traceback", run.stderr, "ambiguous", reason, f"python3 -c urlopen of the same server, uncaught, stderr, exit {run.returncode}")

    source = "python-smtplib"
    how = "smtplib against a local SMTP listener (replies written in servers.py)"
    busy = servers.smtp_listener("busy")
    c.port(busy.getsockname()[1], 8012)
    c.add_forms(source, "service-not-available", caught(lambda: smtplib.SMTP("127.0.0.1", busy.getsockname()[1], timeout=5)), "transient", "421: the mail service is temporarily not available", f"{how}: SMTP() to a server that greets with 421")
    auth = servers.smtp_listener("auth")
    c.port(auth.getsockname()[1], 8013)

    def login():
        s = smtplib.SMTP("127.0.0.1", auth.getsockname()[1], timeout=5)
        try:
            s.login("reports@example.com", "wrong-app-password")
        finally:
            s.close()

    c.add_forms(source, "auth-failed", caught(login), "unrecoverable", "the credentials are refused", f"{how}: login() refused with 535")

    def send():
        s = smtplib.SMTP("127.0.0.1", auth.getsockname()[1], timeout=5)
        try:
            s.sendmail("reports@example.com", ["nobody@example.com"], "Subject: report\r\n\r\nattached\r\n")
        finally:
            s.close()

    c.add_forms(source, "recipient-refused", caught(send), "ambiguous", "the recipient is unknown; which address is meant is not said", f"{how}: sendmail() to a recipient refused with 550")

    drop = servers.smtp_listener("drop")
    c.port(drop.getsockname()[1], 8016)
    c.add_forms(source, "server-disconnected", caught(lambda: smtplib.SMTP("127.0.0.1", drop.getsockname()[1], timeout=5)), "transient", "the server dropped the connection before its greeting", f"{how}: SMTP() to a server that closes at once")

    source = "python-socket"

    def send_after_close():
        s = socket.create_connection(("127.0.0.1", c.closing), timeout=5)
        s.sendall(b"POST /v1/upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1048576\r\n\r\n")
        s.recv(1024)  # b'': the peer has closed
        for _ in range(5):
            s.sendall(b"x" * 65536)
            time.sleep(0.1)

    c.add_forms(source, "broken-pipe", caught(send_after_close), "transient", "EPIPE: the peer closed the connection while the body was being sent", "socket sendall to a listener that closed after reading the headers")
    c.add_forms(source, "dns-invalid-name", caught(lambda: socket.getaddrinfo("api.rb-corpus.invalid", 443)), "ambiguous", "the name does not exist (not a temporary failure); which host is meant is not said", "socket.getaddrinfo of a .invalid name on this machine")
    for listener in (ssh, busy, auth, drop):
        listener.close()
    tls.socket.close()


def ftp_pop_imap_and_greylisted_mail(c):
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


def xmlrpc_faults_and_protocol_errors(c, base):
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
