"""Cases from third-party libraries when they are importable: pydantic, jsonschema, botocore (against a local
endpoint that answers like AWS) and Flask on werkzeug's server."""
import importlib.metadata
import logging
import os

from common import SCRATCH, caught

def validation(c):
    try:
        import pydantic
    except ImportError:
        pydantic = None
    if pydantic is not None:
        source = "python-pydantic"
        how = f"pydantic {pydantic.VERSION}"

        class Query(pydantic.BaseModel):
            model_config = pydantic.ConfigDict(extra="forbid")
            city: str
            days: int = pydantic.Field(ge=1, le=14)

        class Event(pydantic.BaseModel):
            start: str

            @pydantic.field_validator("start")
            @classmethod
            def iso(cls, v):
                if "T" not in v:
                    raise ValueError("start must be an ISO 8601 date-time such as 2026-05-01T09:00")
                return v

        for case, data, reason in [
            ("missing-field", {"days": 2}, "names the missing field city"),
            ("wrong-type", {"city": "Paris", "days": "two"}, "names days and that an integer is needed"),
            ("out-of-range", {"city": "Paris", "days": 30}, "names days and its bound"),
            ("extra-field", {"city": "Paris", "days": 2, "units": "metric"}, "names the extra field units"),
        ]:
            c.add_forms(source, case, caught(lambda: Query(**data)), "fixable", reason, f"{how} model validation", which=("str", "named"))
        c.add_forms(source, "custom-validator", caught(lambda: Event(start="2026-05-01")), "fixable", "names start and the format it needs", f"{how} field_validator", which=("str", "named"))
        ok = Query(city="Paris", days=2)
        c.add(source, "valid", "json", ok.model_dump_json(), "none", "a validated object", f"{how} model_dump_json")
    try:
        import jsonschema
    except ImportError:
        jsonschema = None
    if jsonschema is not None:
        source = "python-jsonschema"
        how = f"jsonschema {importlib.metadata.version('jsonschema')}"
        schema = {"type": "object", "properties": {"color": {"enum": ["red", "green"]}, "size": {"type": "integer"}}, "required": ["size"], "additionalProperties": False}
        for case, data, reason in [
            ("wrong-type", {"size": "ten"}, "names the value and the type integer"),
            ("required", {}, "names the required property size"),
            ("enum", {"size": 1, "color": "purple"}, "names the value and the allowed ones"),
            ("additional", {"size": 1, "shape": "round"}, "names the unexpected property shape"),
        ]:
            e = caught(lambda: jsonschema.validate(data, schema))
            c.add(source, case, "message", e.message, "fixable", reason, f"{how} ValidationError.message")
            c.add(source, case, "str", str(e), "fixable", reason, f"{how} str(ValidationError)")
            c.add(source, case, "named", f"{type(e).__name__}: {e.message}", "fixable", reason, f"{how} Name: message")


def aws(c, base):
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
        "missing-key": ("ambiguous", "the key does not exist"),
        "denied": ("unrecoverable", "access denied"),
        "slow-down": ("transient", "throttled: reduce the request rate"),
        "internal": ("transient", "a 500 the SDK retries"),
    }
    for case, (truth, reason) in s3_truth.items():
        e = caught(lambda: s3.get_object(Bucket="s3", Key=case))
        c.add_forms(source, f"s3-{case}", e, truth, reason, f"{how} s3.get_object against a local endpoint answering like S3", which=("str", "named"))
    dynamo = session.create_client("dynamodb", endpoint_url=f"{base}/dynamodb", config=config, **creds)
    dynamo_truth = {
        "throughput": ("transient", "throughput exceeded: a throttle"),
        "validation": ("fixable", "names limit and its constraint"),
        "missing-table": ("ambiguous", "the table does not exist"),
        "bad-token": ("unrecoverable", "the security token is invalid"),
    }
    for case, (truth, reason) in dynamo_truth.items():
        e = caught(lambda: dynamo.scan(TableName=case))
        c.add_forms(source, f"dynamodb-{case}", e, truth, reason, f"{how} dynamodb.scan against a local endpoint answering like DynamoDB", which=("str", "named"))
    c.add_forms(source, "param-validation", caught(lambda: s3.get_object(Bucket="reports")), "fixable", "names the missing parameter Key", f"{how} get_object without Key (no request made)", which=("str", "named"))
    c.add_forms(source, "param-type", caught(lambda: s3.list_objects_v2(Bucket="reports", MaxKeys="ten")), "fixable", "names MaxKeys and the valid types", f"{how} MaxKeys of the wrong type (no request made)", which=("str", "named"))
    closed = session.create_client("s3", endpoint_url=f"http://127.0.0.1:{c.closed}", config=config, **creds)
    c.add_forms(source, "endpoint-connection", caught(lambda: closed.list_buckets()), "transient", "could not connect: the endpoint refused", f"{how} list_buckets against a closed port", which=("str", "named"))
    silent = session.create_client("s3", endpoint_url=f"http://127.0.0.1:{c.silent}", config=config, **creds)
    c.add_forms(source, "read-timeout", caught(lambda: silent.list_buckets()), "transient", "network read timeout", f"{how} list_buckets against a silent listener (read_timeout 0.5)", which=("str", "named"))
    nocreds = botocore.session.Session()
    nocreds.set_config_variable("credentials_file", f"{SCRATCH}/no-credentials")
    nocreds.set_config_variable("config_file", f"{SCRATCH}/no-config")
    env_keys = [k for k in os.environ if k.startswith("AWS_")]
    saved = {k: os.environ.pop(k) for k in env_keys}
    os.environ["AWS_EC2_METADATA_DISABLED"] = "true"
    anonymous = nocreds.create_client("s3", region_name="us-east-1", endpoint_url=base, config=config)
    c.add_forms(source, "no-credentials", caught(lambda: anonymous.list_buckets()), "unrecoverable", "no credentials are configured", f"{how} list_buckets with no credentials", which=("str", "named"))
    os.environ.pop("AWS_EC2_METADATA_DISABLED")
    os.environ.update(saved)


def flask_app(c):
    try:
        import flask
        import requests
        from werkzeug.serving import make_server
    except ImportError:
        return
    import threading

    source = "python-flask"
    app = flask.Flask("corpus")
    # The app's own error log and werkzeug's access log would only clutter the generator's stderr.
    app.logger.disabled = True
    logging.getLogger("werkzeug").setLevel(logging.ERROR)

    @app.get("/search")
    def search():
        return {"q": flask.request.args["q"]}

    @app.get("/crash")
    def crash():
        return {"n": 1 / 0}

    @app.get("/items/<int:item>")
    def item(item):
        if item != 1:
            flask.abort(404, description=f"Item {item} does not exist.")
        return {"id": 1}

    @app.get("/admin")
    def admin():
        flask.abort(403)

    @app.post("/orders")
    def orders():
        return {"ok": True}

    server = make_server("127.0.0.1", 0, app)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_port
    c.port(port, 8005)
    base = f"http://127.0.0.1:{port}"
    how = f"Flask {importlib.metadata.version('flask')} on werkzeug's server, requests client"
    cases = [
        ("missing-query-arg", "GET", "/search", "ambiguous", "a bare 400 page names no field"),
        ("unhandled-exception", "GET", "/crash", "transient", "a 500 page"),
        ("not-found", "GET", "/items/7", "ambiguous", "404: missing item"),
        ("no-route", "GET", "/itemz/1", "ambiguous", "404: unknown URL"),
        ("forbidden", "GET", "/admin", "unrecoverable", "403 forbidden"),
        ("method-not-allowed", "GET", "/orders", "ambiguous", "405: the method is wrong but the text does not say which is allowed"),
    ]
    for case, method, path, truth, reason in cases:
        response = requests.request(method, f"{base}{path}", timeout=5)
        c.add(source, case, "body", response.text, truth, reason, f"{how}: response.text of {method} {path}")
        e = caught(response.raise_for_status)
        c.add(source, case, "str", str(e), truth, reason, f"{how}: raise_for_status() of {method} {path}")
    ok = requests.get(f"{base}/items/1", timeout=5)
    c.add(source, "ok", "body", ok.text, "none", "a 200 body", f"{how}: GET /items/1")
    from werkzeug.exceptions import BadRequest, Forbidden, NotFound, ServiceUnavailable, TooManyRequests

    for case, exc, truth, reason in [
        ("exception-not-found", NotFound(), "ambiguous", "404"),
        ("exception-forbidden", Forbidden(), "unrecoverable", "403"),
        ("exception-bad-request", BadRequest(), "ambiguous", "a bare 400"),
        ("exception-too-many", TooManyRequests(), "transient", "429"),
        ("exception-unavailable", ServiceUnavailable(), "transient", "503"),
    ]:
        c.add(source, case, "str", str(exc), truth, reason, "str() of a werkzeug HTTPException a tool caught")
    server.shutdown()
