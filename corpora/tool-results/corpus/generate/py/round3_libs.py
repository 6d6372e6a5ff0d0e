"""Round 3 of the Python cases from third-party libraries when they are importable: pydantic and jsonschema
checks not used before, and botocore against `/aws3/NAME` of servers.py for SQS (JSON protocol), Lambda
(REST-JSON), STS and SNS (query/XML)."""
import enum

from common import caught
from libraries import botocore_clients, jsonschema_cases, optional_import


class Visibility(enum.Enum):
    PUBLIC = "public"
    PRIVATE = "private"
    INTERNAL = "internal"


def libs3(c, base):
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
