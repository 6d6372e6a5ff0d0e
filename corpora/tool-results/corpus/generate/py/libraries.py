"""Cases from third-party libraries when they are importable: pydantic, jsonschema, botocore (against local
endpoints of servers.py that answer like S3, DynamoDB, SQS, Lambda, STS and SNS) and Flask on werkzeug's server;
and the helpers the other modules use to reach them."""
import contextlib
import enum
import importlib
import importlib.metadata
import json
import logging
import os
import typing

from common import SCRATCH, caught

AWS_CREDS = {"region_name": "us-east-1", "aws_access_key_id": "AKIDEXAMPLE", "aws_secret_access_key": "secret"}


def optional_import(name):
    """The module, or None when it is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def jsonschema_cases(c, jsonschema, schema, cases):
    """Validates each (case, data, reason) against schema and adds the ValidationError in the three forms a tool
    returns it in: its message, str() (with the schema path) and `Name: message`."""
    source = "python-jsonschema"
    how = f"jsonschema {importlib.metadata.version('jsonschema')}"
    for case, data, reason in cases:
        e = caught(lambda: jsonschema.validate(data, schema))
        c.add(source, case, "message", e.message, "fixable", reason, f"{how} ValidationError.message")
        c.add(source, case, "str", str(e), "fixable", reason, f"{how} str(ValidationError)")
        c.add(source, case, "named", f"{type(e).__name__}: {e.message}", "fixable", reason, f"{how} Name: message")


def validation(c):
    pydantic = optional_import("pydantic")
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
    jsonschema = optional_import("jsonschema")
    if jsonschema is not None:
        schema = {"type": "object", "properties": {"color": {"enum": ["red", "green"]}, "size": {"type": "integer"}}, "required": ["size"], "additionalProperties": False}
        jsonschema_cases(c, jsonschema, schema, [
            ("wrong-type", {"size": "ten"}, "names the value and the type integer"),
            ("required", {}, "names the required property size"),
            ("enum", {"size": 1, "color": "purple"}, "names the value and the allowed ones"),
            ("additional", {"size": 1, "shape": "round"}, "names the unexpected property shape"),
        ])


def botocore_clients(**config):
    """botocore's client maker `client(service, endpoint_url)` (with the example credentials AWS_CREDS and a Config
    of one attempt, connect_timeout 1 and **config), that Config and the how-label; None without botocore."""
    try:
        import botocore.config
        import botocore.session
    except ImportError:
        return None
    session = botocore.session.get_session()
    config = botocore.config.Config(retries={"total_max_attempts": 1}, connect_timeout=1, **config)

    def client(service, endpoint_url):
        return session.create_client(service, endpoint_url=endpoint_url, config=config, **AWS_CREDS)

    return client, config, f"botocore {botocore.__version__}"


def botocore_cases(c, how, prefix, call, what, truths):
    """The error of call(NAME), a request the local endpoint answers with its error NAME, for each truths[NAME] =
    (truth, reason); the case is PREFIX + NAME."""
    for name, (truth, reason) in truths.items():
        c.add_forms("python-botocore", f"{prefix}{name}", caught(lambda: call(name)), truth, reason, f"{how} {what}", which=("str", "named"))


@contextlib.contextmanager
def unconfigured_botocore(**env):
    """A botocore session that finds no credentials or config file, used while the AWS_ variables of the
    environment are set aside, instance metadata is off and env is set; all restored afterwards."""
    import botocore.session

    session = botocore.session.Session()
    session.set_config_variable("credentials_file", f"{SCRATCH}/no-credentials")
    session.set_config_variable("config_file", f"{SCRATCH}/no-config")
    saved = {k: os.environ.pop(k) for k in [k for k in os.environ if k.startswith("AWS_")]}
    os.environ["AWS_EC2_METADATA_DISABLED"] = "true"
    os.environ.update(env)
    try:
        yield session
    finally:
        for k in ("AWS_EC2_METADATA_DISABLED", *env):
            os.environ.pop(k)
        os.environ.update(saved)


def s3_get_object_cases(c, base, bucket, truths):
    """botocore against servers.py (read timeout 0.5 s, path-style S3): the error of s3.get_object of each key NAME of
    truths in bucket, as case `s3-NAME`. Returns the client maker, its Config, the how-label and the S3 client; None
    without botocore."""
    botocore = botocore_clients(read_timeout=0.5, s3={"addressing_style": "path"})
    if botocore is None:
        return None
    client, config, how = botocore
    s3 = client("s3", base)
    botocore_cases(c, how, "s3-", lambda key: s3.get_object(Bucket=bucket, Key=key), "s3.get_object against a local endpoint answering like S3", truths)
    return client, config, how, s3


def aws(c, base):
    botocore = s3_get_object_cases(c, base, "s3", {
        "missing-key": ("ambiguous", "the key does not exist"),
        "denied": ("unrecoverable", "access denied"),
        "slow-down": ("transient", "throttled: reduce the request rate"),
        "internal": ("transient", "a 500 the SDK retries"),
    })
    if botocore is None:
        return
    client, config, how, s3 = botocore
    source = "python-botocore"
    dynamo = client("dynamodb", f"{base}/dynamodb")
    botocore_cases(c, how, "dynamodb-", lambda table: dynamo.scan(TableName=table), "dynamodb.scan against a local endpoint answering like DynamoDB", {
        "throughput": ("transient", "throughput exceeded: a throttle"),
        "validation": ("fixable", "names limit and its constraint"),
        "missing-table": ("ambiguous", "the table does not exist"),
        "bad-token": ("unrecoverable", "the security token is invalid"),
    })
    c.add_forms(source, "param-validation", caught(lambda: s3.get_object(Bucket="reports")), "fixable", "names the missing parameter Key", f"{how} get_object without Key (no request made)", which=("str", "named"))
    c.add_forms(source, "param-type", caught(lambda: s3.list_objects_v2(Bucket="reports", MaxKeys="ten")), "fixable", "names MaxKeys and the valid types", f"{how} MaxKeys of the wrong type (no request made)", which=("str", "named"))
    closed = client("s3", f"http://127.0.0.1:{c.closed}")
    c.add_forms(source, "endpoint-connection", caught(lambda: closed.list_buckets()), "transient", "could not connect: the endpoint refused", f"{how} list_buckets against a closed port", which=("str", "named"))
    silent = client("s3", f"http://127.0.0.1:{c.silent}")
    c.add_forms(source, "read-timeout", caught(lambda: silent.list_buckets()), "transient", "network read timeout", f"{how} list_buckets against a silent listener (read_timeout 0.5)", which=("str", "named"))
    with unconfigured_botocore() as nocreds:
        anonymous = nocreds.create_client("s3", region_name="us-east-1", endpoint_url=base, config=config)
        c.add_forms(source, "no-credentials", caught(lambda: anonymous.list_buckets()), "unrecoverable", "no credentials are configured", f"{how} list_buckets with no credentials", which=("str", "named"))


def quiet_flask(name):
    """A Flask app whose own error log and werkzeug's access log are off (they would only clutter the generator's
    stderr), with the flask module; None without Flask, requests or werkzeug."""
    try:
        import flask
        import requests  # noqa: F401 - the cases call the app with requests
        import werkzeug.serving  # noqa: F401
    except ImportError:
        return None
    app = flask.Flask(name)
    app.logger.disabled = True
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    return flask, app


def serve_flask(c, app, canonical_port):
    """Serves app on werkzeug's server at an ephemeral port (recorded as canonical_port); returns the server, its
    base URL and the how-label."""
    import threading

    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    c.port(server.server_port, canonical_port)
    base = f"http://127.0.0.1:{server.server_port}"
    return server, base, f"Flask {importlib.metadata.version('flask')} on werkzeug's server, requests client"


def flask_app(c):
    quiet = quiet_flask("corpus")
    if quiet is None:
        return
    flask, app = quiet
    import requests

    source = "python-flask"

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

    server, base, how = serve_flask(c, app, 8005)
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


_pydantic = optional_import("pydantic")


if _pydantic is not None:
    # A tool function validated by pydantic, defined at module level as tools are.
    @_pydantic.validate_call
    def create_issue(title: str, labels: list[str], priority: int = 3):
        return title, labels, priority


def pydantic_literals_lengths_urls_and_calls(c):
    pydantic = optional_import("pydantic")
    if pydantic is None:
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


def jsonschema_patterns_and_nested_required(c):
    jsonschema = optional_import("jsonschema")
    if jsonschema is None:
        return
    schema = {
        "type": "object",
        "properties": {
            "sku": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]{4}$"},
            "limit": {"type": "integer", "maximum": 100},
            "items": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}, "qty": {"type": "integer"}}, "required": ["id", "qty"]}},
        },
    }
    jsonschema_cases(c, jsonschema, schema, [
        ("pattern", {"sku": "abc-12"}, "names the value and the pattern it must match"),
        ("nested-required", {"items": [{"id": "a", "qty": 1}, {"id": "b"}]}, "names the required property qty (and, in str, the item items[1])"),
    ])


def botocore_parameters_and_partial_credentials(c, base):
    botocore = s3_get_object_cases(c, base, "s3r2", {
        "expired-token": ("unrecoverable", "the security token has expired"),
        "invalid-access-key": ("unrecoverable", "the access key is not known: invalid credentials"),
        "service-unavailable": ("transient", "503: the service is unable to handle the request for now"),
    })
    if botocore is None:
        return
    client, config, how, s3 = botocore
    source = "python-botocore"
    dynamo = client("dynamodb", f"{base}/dynamodb")
    botocore_cases(c, how, "dynamodb-put-", lambda table: dynamo.put_item(TableName=table, Item={"note": {"S": "x"}}), "dynamodb.put_item against a local endpoint answering like DynamoDB", {
        "throttling": ("transient", "throttled: the request rate is too high"),
        "conditional": ("ambiguous", "the condition failed against stored data; which value differs is not said"),
        "access-denied": ("unrecoverable", "the identity is not authorized for the action"),
        "missing-key": ("fixable", "names the key attribute order_id missing from the item"),
    })
    c.add_forms(source, "param-bucket-name", caught(lambda: s3.list_objects_v2(Bucket="quarterly reports")), "fixable", "quotes the bucket name and the pattern it must match", f"{how} list_objects_v2 with a space in the bucket name (no request made)", which=("str", "named"))
    c.add_forms(source, "param-unknown", caught(lambda: s3.list_objects_v2(Bucket="reports", Prefx="2026/")), "fixable", "names the unknown parameter Prefx and the valid ones", f"{how} list_objects_v2 with a misspelled parameter (no request made)", which=("str", "named"))
    with unconfigured_botocore(AWS_ACCESS_KEY_ID="AKIDEXAMPLE") as partial:
        c.add_forms(source, "partial-credentials", caught(lambda: partial.create_client("s3", region_name="us-east-1", endpoint_url=base, config=config).list_buckets()), "unrecoverable", "the credentials are incomplete: the secret key is missing", f"{how} list_buckets with only AWS_ACCESS_KEY_ID set", which=("str", "named"))


def flask_aborts_and_content_types(c):
    quiet = quiet_flask("corpus2")
    if quiet is None:
        return
    flask, app = quiet
    import requests

    source = "python-flask"

    @app.get("/export")
    def export():
        flask.abort(429)

    @app.post("/notes")
    def notes():
        return {"saved": flask.request.get_json()}

    server, base, how = serve_flask(c, app, 8014)
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


class Visibility(enum.Enum):
    PUBLIC = "public"
    PRIVATE = "private"
    INTERNAL = "internal"


def pydantic_enums_jsonschema_lengths_and_aws_services(c, base):
    pydantic = optional_import("pydantic")
    if pydantic is not None:
        source = "python-pydantic"
        how = f"pydantic {pydantic.VERSION}"

        class CreateRepo(pydantic.BaseModel):
            name: str
            visibility: Visibility = Visibility.PRIVATE

        c.add_forms(source, "enum-member", caught(lambda: CreateRepo(name="tools", visibility="secret")), "fixable", "names visibility and the values it may take", f"{how} Enum field given an unknown value", which=("str", "named"))
    jsonschema = optional_import("jsonschema")
    if jsonschema is not None:
        schema = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "properties": {"query": {"type": "string", "minLength": 3}, "card_number": {"type": "string"}, "card_cvc": {"type": "string"}},
            "dependentRequired": {"card_number": ["card_cvc"]},
        }
        jsonschema_cases(c, jsonschema, schema, [
            ("min-length", {"query": "ab"}, "quotes the value and says it is too short (minLength 3 in str)"),
            ("dependent-required", {"card_number": "4242424242424242"}, "names card_cvc as required together with card_number"),
        ])
    botocore = botocore_clients(read_timeout=2)
    if botocore is None:
        return
    make_client, _, how = botocore
    source = "python-botocore"

    def client(service):
        return make_client(service, f"{base}/aws3/{service}")

    cases = [
        ("sqs-queue-missing", lambda: client("sqs").send_message(QueueUrl=f"{base}/aws3/sqs/123456789012/exports", MessageBody="{}"), "ambiguous", "the queue does not exist; which one is meant is not said", "sqs.send_message (JSON protocol)"),
        ("lambda-too-many-requests", lambda: client("lambda").invoke(FunctionName="resize-images", Payload=b"{}"), "transient", "TooManyRequestsException: the invocation rate is exceeded", "lambda.invoke (REST-JSON protocol)"),
        ("sts-invalid-client-token", lambda: client("sts").get_caller_identity(), "unrecoverable", "the security token is invalid: the credentials are refused", "sts.get_caller_identity (query protocol, XML error)"),
        ("sns-invalid-parameter", lambda: client("sns").publish(TopicArn="orders-topic", Message="shipped"), "fixable", "names the parameter TopicArn as invalid", "sns.publish with a topic name instead of an ARN (query protocol, XML error)"),
    ]
    for case, call, truth, reason, what in cases:
        c.add_forms(source, case, caught(call), truth, reason, f"{how} {what} against a local endpoint answering like the service", which=("str", "named"))
