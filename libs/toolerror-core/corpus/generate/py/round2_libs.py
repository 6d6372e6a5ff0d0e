"""Round 2 of the Python cases from third-party libraries when they are importable: pydantic, jsonschema,
botocore (against the local endpoint of servers.py that answers like AWS) and Flask on werkzeug's server."""
import importlib.metadata
import json
import logging
import os
import typing

from common import SCRATCH, caught


try:
    import pydantic as _pydantic
except ImportError:
    _pydantic = None
if _pydantic is not None:
    # A tool function validated by pydantic, defined at module level as tools are.
    @_pydantic.validate_call
    def create_issue(title: str, labels: list[str], priority: int = 3):
        return title, labels, priority


def pydantic2(c):
    try:
        import pydantic
    except ImportError:
        return
    source = "python-pydantic"
    how = f"pydantic {pydantic.VERSION}"

    class Listing(pydantic.BaseModel):
        order: typing.Literal["asc", "desc"] = "asc"
        page: int = 1
        tag: pydantic.constr(min_length=3) = "all"
        callback: typing.Optional[pydantic.HttpUrl] = None

    e = caught(lambda: Listing(order="ascending"))
    reason = "names order and the values it may take, 'asc' or 'desc'"
    c.add_forms(source, "literal-error", e, "fixable", reason, f"{how} Literal field", which=("str", "named"))
    c.add(source, "literal-error", "errors-json", json.dumps({"detail": e.errors(include_url=False)}), "fixable", reason, f"{how} json.dumps({{'detail': e.errors(include_url=False)}}), as an API returns it")
    c.add_forms(source, "string-too-short", caught(lambda: Listing(tag="ab")), "fixable", "names tag and its minimum length 3", f"{how} constr(min_length=3)", which=("str", "named"))
    c.add_forms(source, "url-parsing", caught(lambda: Listing(callback="hooks.example.com/notify")), "fixable", "names callback and that a URL (not a relative one) is needed", f"{how} HttpUrl given a URL without scheme", which=("str", "named"))

    c.add_forms(source, "validate-call", caught(lambda: create_issue("Crash on start", "bug", priority="high")), "fixable", "names labels and priority and the types they need", f"{how} @validate_call tool function given a string for a list and an int", which=("str", "named"))


def jsonschema2(c):
    try:
        import jsonschema
    except ImportError:
        return
    source = "python-jsonschema"
    how = f"jsonschema {importlib.metadata.version('jsonschema')}"
    schema = {
        "type": "object",
        "properties": {
            "sku": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]{4}$"},
            "limit": {"type": "integer", "maximum": 100},
            "items": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}, "qty": {"type": "integer"}}, "required": ["id", "qty"]}},
        },
    }
    for case, data, reason in [
        ("pattern", {"sku": "abc-12"}, "names the value and the pattern it must match"),
        ("nested-required", {"items": [{"id": "a", "qty": 1}, {"id": "b"}]}, "names the required property qty (and, in str, the item items[1])"),
    ]:
        e = caught(lambda: jsonschema.validate(data, schema))
        c.add(source, case, "message", e.message, "fixable", reason, f"{how} ValidationError.message")
        c.add(source, case, "str", str(e), "fixable", reason, f"{how} str(ValidationError)")
        c.add(source, case, "named", f"{type(e).__name__}: {e.message}", "fixable", reason, f"{how} Name: message")


def aws2(c, base):
    try:
        import botocore.config
        import botocore.session
    except ImportError:
        return
    source = "python-botocore"
    session = botocore.session.get_session()
    config = botocore.config.Config(retries={"total_max_attempts": 1}, connect_timeout=1, read_timeout=0.5, s3={"addressing_style": "path"})
    creds = {"region_name": "us-east-1", "aws_access_key_id": "AKIDEXAMPLE", "aws_secret_access_key": "secret"}
    how = f"botocore {botocore.__version__}"
    s3 = session.create_client("s3", endpoint_url=base, config=config, **creds)
    s3_truth = {
        "expired-token": ("unrecoverable", "the security token has expired"),
        "invalid-access-key": ("unrecoverable", "the access key is not known: invalid credentials"),
        "service-unavailable": ("transient", "503: the service is unable to handle the request for now"),
    }
    for case, (truth, reason) in s3_truth.items():
        e = caught(lambda: s3.get_object(Bucket="s3r2", Key=case))
        c.add_forms(source, f"s3-{case}", e, truth, reason, f"{how} s3.get_object against a local endpoint answering like S3", which=("str", "named"))
    dynamo = session.create_client("dynamodb", endpoint_url=f"{base}/dynamodb", config=config, **creds)
    dynamo_truth = {
        "throttling": ("transient", "throttled: the request rate is too high"),
        "conditional": ("ambiguous", "the condition failed against stored data; which value differs is not said"),
        "access-denied": ("unrecoverable", "the identity is not authorized for the action"),
        "missing-key": ("fixable", "names the key attribute order_id missing from the item"),
    }
    for case, (truth, reason) in dynamo_truth.items():
        e = caught(lambda: dynamo.put_item(TableName=case, Item={"note": {"S": "x"}}))
        c.add_forms(source, f"dynamodb-put-{case}", e, truth, reason, f"{how} dynamodb.put_item against a local endpoint answering like DynamoDB", which=("str", "named"))
    c.add_forms(source, "param-bucket-name", caught(lambda: s3.list_objects_v2(Bucket="quarterly reports")), "fixable", "quotes the bucket name and the pattern it must match", f"{how} list_objects_v2 with a space in the bucket name (no request made)", which=("str", "named"))
    c.add_forms(source, "param-unknown", caught(lambda: s3.list_objects_v2(Bucket="reports", Prefx="2026/")), "fixable", "names the unknown parameter Prefx and the valid ones", f"{how} list_objects_v2 with a misspelled parameter (no request made)", which=("str", "named"))
    partial = botocore.session.Session()
    partial.set_config_variable("credentials_file", f"{SCRATCH}/no-credentials")
    partial.set_config_variable("config_file", f"{SCRATCH}/no-config")
    saved = {k: os.environ.pop(k) for k in [k for k in os.environ if k.startswith("AWS_")]}
    os.environ["AWS_EC2_METADATA_DISABLED"] = "true"
    os.environ["AWS_ACCESS_KEY_ID"] = "AKIDEXAMPLE"
    c.add_forms(source, "partial-credentials", caught(lambda: partial.create_client("s3", region_name="us-east-1", endpoint_url=base, config=config).list_buckets()), "unrecoverable", "the credentials are incomplete: the secret key is missing", f"{how} list_buckets with only AWS_ACCESS_KEY_ID set", which=("str", "named"))
    os.environ.pop("AWS_ACCESS_KEY_ID")
    os.environ.pop("AWS_EC2_METADATA_DISABLED")
    os.environ.update(saved)


def flask2(c):
    try:
        import flask
        import requests
        from werkzeug.serving import make_server
    except ImportError:
        return
    import threading

    source = "python-flask"
    app = flask.Flask("corpus2")
    app.logger.disabled = True
    logging.getLogger("werkzeug").setLevel(logging.ERROR)

    @app.get("/export")
    def export():
        flask.abort(429)

    @app.post("/notes")
    def notes():
        return {"saved": flask.request.get_json()}

    server = make_server("127.0.0.1", 0, app)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    c.port(server.server_port, 8014)
    base = f"http://127.0.0.1:{server.server_port}"
    how = f"Flask {importlib.metadata.version('flask')} on werkzeug's server, requests client"
    cases = [
        ("abort-429", "GET", "/export", {}, "transient", "429: rate limited"),
        ("json-wrong-content-type", "POST", "/notes", {"data": "title=hello", "headers": {"Content-Type": "text/plain"}}, "fixable", "415 that says the Content-Type must be application/json"),
    ]
    for case, method, path, kwargs, truth, reason in cases:
        response = requests.request(method, f"{base}{path}", timeout=5, **kwargs)
        c.add(source, case, "body", response.text, truth, reason, f"{how}: response.text of {method} {path}")
        e = caught(response.raise_for_status)
        if truth == "fixable":
            continue  # raise_for_status names only the bare status, not what the body says
        c.add(source, case, "str", str(e), truth, reason, f"{how}: raise_for_status() of {method} {path}")
    server.shutdown()
