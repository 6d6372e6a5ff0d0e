"""Tool results that Python tools build with json.dumps, printed as one JSON object of texts.

json.dumps writes `{"error": …}` with a space after the colon, the form the generic rule must accept; several of
these are successes whose `error` field is empty in one way or another.
"""
import json

BODIES = {
    "error_null_with_data": {"error": None, "data": {"rows": [[1, "a"], [2, "b"]], "count": 2}},
    "error_false": {"error": False, "result": "saved"},
    "error_empty": {"error": "", "result": "saved"},
    "error_zero": {"error": 0, "result": "saved"},
    "error_list": {"error": [], "result": "saved"},
    "error_string": {"error": "Service Unavailable: upstream is restarting"},
    "error_object": {"error": {"code": 429, "message": "Too Many Requests"}},
    "error_validation": {"error": "1 validation error for Query: limit is not of type 'integer'"},
}

print(json.dumps({name: json.dumps(body) for name, body in BODIES.items()}))
