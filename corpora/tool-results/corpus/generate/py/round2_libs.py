"""Round 2 of the Python cases from third-party libraries when they are importable: pydantic, jsonschema,
botocore (against the local endpoint of servers.py that answers like AWS) and Flask on werkzeug's server."""
import json
import typing

from common import caught
from libraries import botocore_cases, botocore_clients, jsonschema_cases, optional_import, quiet_flask, serve_flask, unconfigured_botocore


_pydantic = optional_import("pydantic")
if _pydantic is not None:
    # A tool function validated by pydantic, defined at module level as tools are.
    @_pydantic.validate_call
    def create_issue(title: str, labels: list[str], priority: int = 3):
        return title, labels, priority


def pydantic2(c):
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


def jsonschema2(c):
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


def aws2(c, base):
    botocore = botocore_clients(read_timeout=0.5, s3={"addressing_style": "path"})
    if botocore is None:
        return
    client, config, how = botocore
    source = "python-botocore"
    s3 = client("s3", base)
    botocore_cases(c, how, "s3-", lambda key: s3.get_object(Bucket="s3r2", Key=key), "s3.get_object against a local endpoint answering like S3", {
        "expired-token": ("unrecoverable", "the security token has expired"),
        "invalid-access-key": ("unrecoverable", "the access key is not known: invalid credentials"),
        "service-unavailable": ("transient", "503: the service is unable to handle the request for now"),
    })
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


def flask2(c):
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
