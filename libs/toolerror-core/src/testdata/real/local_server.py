"""Local endpoints for the real-software tests, all on 127.0.0.1 with ephemeral ports.

`start()` serves `/status/NNN` with that HTTP status (and the standard reason phrase http.server sends) and any
other path with a 200 JSON body. `closed_port()` is a port nobody listens on; `silent_listener()` accepts
connections through its backlog and never answers, so clients hit their own timeouts.
"""
import http.server
import json
import socket
import threading


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        parts = self.path.strip("/").split("/")
        status = int(parts[1]) if len(parts) == 2 and parts[0] == "status" else 200
        payload = {"status": "ok", "items": [1, 2, 3]} if status == 200 else {"status": status}
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        # The access log would land on stderr, which some tests read as the tool's text.
        pass


def start():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    # A daemon thread: the process exits with its result without waiting for shutdown().
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def closed_port():
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port


def silent_listener():
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    return listener
