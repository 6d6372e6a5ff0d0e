"""Endpoints on 127.0.0.1 that the Python cases call.

`/bare/NNN` answers with CPython's own `send_error` page for that status; `/api/NNN` answers with a JSON or
text body in the style of a public API (the bodies are written here, the client texts come from the
libraries); `/ok` answers 200. `/s3/...` and `/dynamodb` answer like the AWS services do, for botocore.
Ports are ephemeral; `canonical_port` maps them to fixed numbers so that the corpus is stable across runs.
"""
import http.server
import json
import socket
import struct
import threading

API_BODIES = {
    400: ("application/json", {"error": {"message": "Invalid value for 'limit': expected an integer, got 'ten'.", "type": "invalid_request_error", "param": "limit"}}),
    401: ("application/json", {"error": {"message": "Invalid authentication token.", "type": "authentication_error"}}),
    403: ("application/json", {"message": "Resource not accessible by this token", "status": "403"}),
    404: ("application/json", {"error": "not_found", "message": "No issue with id 4711"}),
    408: ("application/json", {"error": "request_timeout", "message": "Timed out reading the request body"}),
    409: ("application/json", {"error": {"code": "conflict", "message": "The branch was updated since you read it; fetch the latest revision."}}),
    422: ("application/json", {"detail": [{"type": "missing", "loc": ["body", "title"], "msg": "Field required", "input": {}}]}),
    429: ("application/json", {"error": {"message": "Rate limit reached: 60 requests per minute. Try again in 12s.", "type": "rate_limit_error"}}),
    500: ("application/json", {"error": {"message": "Internal error while processing the request", "type": "server_error"}}),
    502: ("text/html", "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"),
    503: ("text/plain", "upstream connect error or disconnect/reset before headers. reset reason: connection failure"),
    504: ("application/json", {"error": {"code": 504, "message": "The upstream server did not respond in time", "status": "DEADLINE_EXCEEDED"}}),
}

S3_ERRORS = {
    "missing-key": (404, "NoSuchKey", "The specified key does not exist."),
    "denied": (403, "AccessDenied", "Access Denied"),
    "slow-down": (503, "SlowDown", "Please reduce your request rate."),
    "internal": (500, "InternalError", "We encountered an internal error. Please try again."),
}

DYNAMODB_ERRORS = {
    "throughput": (400, "ProvisionedThroughputExceededException", "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API."),
    "validation": (400, "ValidationException", "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1"),
    "missing-table": (400, "ResourceNotFoundException", "Requested resource not found: Table: orders not found"),
    "bad-token": (400, "UnrecognizedClientException", "The security token included in the request is invalid."),
}


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def _send(self, status, content_type, body, headers=()):
        data = body.encode() if isinstance(body, str) else body
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        parts = self.path.split("?")[0].strip("/").split("/")
        if parts[0] == "bare" and len(parts) == 2:
            self.send_error(int(parts[1]))
        elif parts[0] == "api" and len(parts) == 2:
            content_type, body = API_BODIES[int(parts[1])]
            text = body if isinstance(body, str) else json.dumps(body)
            headers = [("Retry-After", "12")] if parts[1] == "429" else []
            self._send(int(parts[1]), content_type, text, headers)
        elif parts[0] == "s3" and parts[1] in S3_ERRORS:
            status, code, message = S3_ERRORS[parts[1]]
            xml = f'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>{code}</Code><Message>{message}</Message><RequestId>4442587FB7D0A2F9</RequestId></Error>'
            self._send(status, "application/xml", xml)
        elif parts[0] == "ok":
            self._send(200, "application/json", json.dumps({"status": "ok", "errors": [], "items": [1, 2, 3]}))
        else:
            self.send_error(404)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        if self.path.startswith("/dynamodb"):
            case = body.get("TableName", "")
            status, code, message = DYNAMODB_ERRORS[case]
            payload = {"__type": f"com.amazonaws.dynamodb.v20120810#{code}", "message": message}
            self._send(status, "application/x-amz-json-1.0", json.dumps(payload))
        else:
            self.send_error(404)

    def log_message(self, *args):
        pass


def start():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


def closed_port():
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port


def silent_listener():
    """Accepts connections through its backlog and never answers: clients hit their read timeouts."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    return listener


def _reading_listener(reset):
    """Accepts, reads the request, then closes without answering: with SO_LINGER 0 (a TCP reset) or cleanly."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)

    def serve():
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            conn.recv(65536)
            if reset:
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            conn.close()

    threading.Thread(target=serve, daemon=True).start()
    return listener


def resetting_listener():
    """Accepts, reads the request, then closes with SO_LINGER 0, so the client sees a TCP reset."""
    return _reading_listener(reset=True)


def closing_listener():
    """Accepts, reads the request and closes cleanly without answering."""
    return _reading_listener(reset=False)
