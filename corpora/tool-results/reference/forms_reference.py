#!/usr/bin/env python3
"""Reference implementation of the tool-error layer's forms c1-c4 (shared/spec/toolerror-layer.md).

Written from the spec alone, so that the TypeScript library can be checked against something that did not
come from it. Detection is out of scope: each case names its failed tool results and their kinds.

stdin:  a JSON array of cases
        {"name", "api": "chat"|"anthropic"|"responses", "form", "body",
         "failures": [{"index", "block"?, "kind", "scope"}]}
        `index` is the message (Chat, Anthropic) or input item (Responses); `block` is the position of the
        `tool_result` inside an Anthropic message.
stdout: a JSON array of {"name", "body": <the forwarded body as JavaScript's JSON.stringify writes it>,
        "changed", "form"}, or {"name", "error"} for a case the reference cannot apply.

Standard library only: python3 forms_reference.py < cases.json
"""
from __future__ import annotations

import copy
import json
import re
import sys
from dataclasses import dataclass, field
from typing import Any, Callable

FIELD = "geulpu_tool_errors"
FORMS = ("off", "c1", "c2", "c3", "c4")

GUIDANCE = {
    "transient": "This is a temporary failure. Retrying the same call is expected to succeed.",
    "fixable": "This call cannot succeed as written. The error says what to change; "
    "call the tool again with the corrected value.",
    "unrecoverable": "This cannot be fixed by retrying or by changing the arguments. Tell the user what happened.",
}

# The text part types of the three surfaces: Chat and Anthropic `text`, Responses `input_text`/`output_text`.
TEXT_PART_TYPES = ("text", "input_text", "output_text")

# ECMAScript WhiteSpace and LineTerminator: what "white-space-only" means for an argument string.
JS_WHITE_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a" \
    "\u2028\u2029\u202f\u205f\u3000\ufeff"


# --- JSON as JavaScript reads and writes it -----------------------------------------------------------------

_ARRAY_INDEX = re.compile(r"0|[1-9][0-9]*")


def _is_array_index(key: str) -> bool:
    return _ARRAY_INDEX.fullmatch(key) is not None and int(key) < 2**32 - 1


def _js_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # JSON.parse keeps a repeated key at its first position with its last value, and an object's own keys
    # enumerate integer-like keys first, in numeric order, then the others in insertion order.
    merged: dict[str, Any] = {}
    for key, value in pairs:
        merged[key] = value
    indices = sorted((k for k in merged if _is_array_index(k)), key=int)
    if not indices:
        return merged
    ordered = {k: merged[k] for k in indices}
    ordered.update((k, v) for k, v in merged.items() if not _is_array_index(k))
    return ordered


def _js_int(text: str) -> int | float:
    # A JavaScript number is a double: integers past 2**53 lose precision as the decimal text is read.
    value = int(text)
    return value if abs(value) <= 2**53 else float(text)


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def js_parse(text: str) -> Any:
    """JSON.parse: raises ValueError where JavaScript throws."""
    return json.loads(text, object_pairs_hook=_js_object, parse_int=_js_int, parse_float=float,
                      parse_constant=_no_constants)


def js_number(x: float) -> str:
    """Number::toString, as JSON.stringify writes a finite number; non-finite numbers become null."""
    if x != x or x in (float("inf"), float("-inf")):
        return "null"
    if x == 0:
        return "0"
    sign = "-" if x < 0 else ""
    mantissa, _, exp_text = repr(abs(x)).partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    trailing = len(digits) - len(digits.rstrip("0"))
    digits = digits.rstrip("0")
    k = len(digits)
    # value = digits × 10^(n − k)
    n = (int(exp_text) if exp_text else 0) - len(fraction) + trailing + k
    if k <= n <= 21:
        out = digits + "0" * (n - k)
    elif 0 < n <= 21:
        out = digits[:n] + "." + digits[n:]
    elif -6 < n <= 0:
        out = "0." + "0" * (-n) + digits
    else:
        e = n - 1
        out = (digits if k == 1 else digits[0] + "." + digits[1:]) + "e" + ("+" if e >= 0 else "-") + str(abs(e))
    return sign + out


_SHORT_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def js_quote(text: str) -> str:
    # JavaScript strings are UTF-16: a surrogate pair is one character; a lone surrogate is escaped.
    text = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch in _SHORT_ESCAPES:
            out.append(_SHORT_ESCAPES[ch])
        elif code < 0x20 or 0xD800 <= code <= 0xDFFF:
            out.append(f"\\u{code:04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def js_stringify(value: Any) -> str:
    """JSON.stringify(value) with no spacing."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value) if abs(value) <= 2**53 else js_number(float(value))
    if isinstance(value, float):
        return js_number(value)
    if isinstance(value, str):
        return js_quote(value)
    if isinstance(value, list):
        return "[" + ",".join(js_stringify(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(js_quote(k) + ":" + js_stringify(v) for k, v in value.items()) + "}"
    raise TypeError(f"not JSON: {value!r}")


# --- Text, note and arguments ------------------------------------------------------------------------------

def is_text_part(part: Any) -> bool:
    return isinstance(part, dict) and part.get("type") in TEXT_PART_TYPES and isinstance(part.get("text"), str)


def text_of(content: Any) -> str:
    """Spec point 2: a string as is, the text parts of an array joined with a line feed, otherwise empty."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(p["text"] for p in content if is_text_part(p))
    return ""


def with_suffix(content: Any, suffix: str, new_part_type: str) -> Any:
    """Spec point 11: append to a string, or to the last text part, or add a text part; empty content is ""."""
    if isinstance(content, str):
        return content + suffix
    if isinstance(content, list):
        for i in range(len(content) - 1, -1, -1):
            if is_text_part(content[i]):
                return content[:i] + [{**content[i], "text": content[i]["text"] + suffix}] + content[i + 1:]
        return content + [{"type": new_part_type, "text": suffix}]
    return suffix


def format_arguments(raw: str) -> str:
    """{arguments}: key=JSON.stringify(value) pairs in JSON.parse order; `no arguments` for {} or blank."""
    if raw.strip(JS_WHITE_SPACE) == "":
        return "no arguments"
    try:
        value = js_parse(raw)
    except ValueError:
        return raw
    if not isinstance(value, dict):
        return raw
    if not value:
        return "no arguments"
    return ", ".join(f"{key}={js_stringify(v)}" for key, v in value.items())


def runtime_note(name: str, arguments: str, error: str, kind: str) -> str:
    return (f"Note from the tool runtime: the last attempt called {name} with {format_arguments(arguments)} "
            f"and it failed with: {error}\n\n{GUIDANCE[kind]}")


# --- One view over the three surfaces ------------------------------------------------------------------------
#
# Each surface is read as a flat list of entries in conversation order: user turns, assistant turns (with the
# calls they make), tool results and the rest. The forms are written once against that list; each surface
# says how to read, append to, remove and insert its own elements.

@dataclass
class Call:
    call_id: str
    name: str
    arguments: str
    where: Any


@dataclass
class Entry:
    role: str  # user | assistant | tool | other
    where: Any
    calls: list[Call] = field(default_factory=list)
    call_id: str | None = None


class ChatSurface:
    part_type = "text"

    def __init__(self, body: dict[str, Any]):
        self.body = body
        self.messages: list[dict[str, Any]] = body["messages"]

    def entries(self) -> list[Entry]:
        out = []
        for i, m in enumerate(self.messages):
            role = m.get("role")
            if role == "assistant":
                calls = [Call(c["id"], c["function"]["name"], c["function"]["arguments"], (i, c["id"]))
                         for c in m.get("tool_calls") or []]
                out.append(Entry("assistant", i, calls))
            elif role == "tool":
                out.append(Entry("tool", i, call_id=m.get("tool_call_id")))
            elif role == "user":
                out.append(Entry("user", i))
            else:
                out.append(Entry("other", i))
        return out

    def failure_where(self, failure: dict[str, Any]) -> Any:
        return failure["index"]

    def tool_text(self, entry: Entry) -> str:
        return text_of(self.messages[entry.where].get("content"))

    def append(self, entry: Entry, suffix: str) -> None:
        m = self.messages[entry.where]
        self.messages[entry.where] = {**m, "content": with_suffix(m.get("content"), suffix, self.part_type)}

    def remove(self, results: list[Entry], calls: list[Call]) -> None:
        gone_results = {e.where for e in results}
        gone_calls: dict[int, set[str]] = {}
        for c in calls:
            gone_calls.setdefault(c.where[0], set()).add(c.where[1])
        kept = []
        for i, m in enumerate(self.messages):
            if i in gone_results:
                continue
            if i in gone_calls:
                remaining = [c for c in m["tool_calls"] if c["id"] not in gone_calls[i]]
                if remaining:
                    m = {**m, "tool_calls": remaining}
                elif m.get("content") in (None, ""):
                    continue  # spec point 10: no calls and no text left
                else:
                    m = {k: v for k, v in m.items() if k != "tool_calls"}
            kept.append(m)
        self.messages[:] = kept

    def insert_after(self, entry: Entry, note: str) -> None:
        self.messages.insert(entry.where + 1, {"role": "user", "content": note})

    def push(self, note: str) -> None:
        self.messages.append({"role": "user", "content": note})


class AnthropicSurface:
    """A user message holds tool_result blocks and runs of other blocks; each run is one user turn."""

    part_type = "text"

    def __init__(self, body: dict[str, Any]):
        self.body = body
        self.messages: list[dict[str, Any]] = body["messages"]

    def entries(self) -> list[Entry]:
        out = []
        for i, m in enumerate(self.messages):
            content = m["content"]
            if m["role"] == "assistant":
                blocks = content if isinstance(content, list) else []
                calls = [Call(b["id"], b["name"], js_stringify({} if b.get("input") is None else b["input"]), (i, b["id"]))
                         for b in blocks if b.get("type") == "tool_use"]
                out.append(Entry("assistant", i, calls))
                continue
            if isinstance(content, str):
                out.append(Entry("user", (i, None)))
                continue
            run: list[int] | None = None
            for j, block in enumerate(content):
                if block.get("type") == "tool_result":
                    run = None
                    out.append(Entry("tool", (i, j), call_id=block.get("tool_use_id")))
                elif run is None:
                    run = [j]
                    out.append(Entry("user", (i, run)))
                else:
                    run.append(j)
            if not content:
                out.append(Entry("user", (i, [])))
        return out

    def failure_where(self, failure: dict[str, Any]) -> Any:
        return (failure["index"], failure["block"])

    def tool_text(self, entry: Entry) -> str:
        i, j = entry.where
        return text_of(self.messages[i]["content"][j].get("content"))

    def append(self, entry: Entry, suffix: str) -> None:
        i, j = entry.where
        m = self.messages[i]
        if j is None:
            self.messages[i] = {**m, "content": m["content"] + suffix}
            return
        blocks = list(m["content"])
        if isinstance(j, int):  # a tool_result block: its own content
            blocks[j] = {**blocks[j], "content": with_suffix(blocks[j].get("content"), suffix, self.part_type)}
        else:  # a run of blocks: its last text block, or a new one closing the run
            run = [blocks[b] for b in j]
            start = j[0] if j else len(blocks)
            blocks[start:start + len(j)] = with_suffix(run, suffix, self.part_type)
        self.messages[i] = {**m, "content": blocks}

    def remove(self, results: list[Entry], calls: list[Call]) -> None:
        gone_blocks = {e.where for e in results}
        gone_calls = {c.where for c in calls}
        kept = []
        for i, m in enumerate(self.messages):
            content = m["content"]
            if not isinstance(content, list):
                kept.append(m)
                continue
            if m["role"] == "assistant":
                blocks = [b for b in content if not (b.get("type") == "tool_use" and (i, b.get("id")) in gone_calls)]
            else:
                blocks = [b for j, b in enumerate(content) if (i, j) not in gone_blocks]
            if len(blocks) == len(content):
                kept.append(m)
            elif blocks:
                kept.append({**m, "content": blocks})
            # A message left with no blocks at all disappears.
        self.messages[:] = kept

    def insert_after(self, entry: Entry, note: str) -> None:
        self.messages.insert(entry.where[0] + 1, {"role": "user", "content": note})

    def push(self, note: str) -> None:
        self.messages.append({"role": "user", "content": note})


class ResponsesSurface:
    """Each input item is one entry; a function_call item is an assistant turn with one call."""

    part_type = "input_text"

    def __init__(self, body: dict[str, Any]):
        self.body = body
        self.items: list[dict[str, Any]] = body["input"] if isinstance(body.get("input"), list) else []

    def entries(self) -> list[Entry]:
        out = []
        for i, item in enumerate(self.items):
            kind = item.get("type")
            if kind == "function_call":
                args = item.get("arguments")
                text = args if isinstance(args, str) else js_stringify({} if args is None else args)
                out.append(Entry("assistant", i, [Call(item["call_id"], item["name"], text, i)]))
            elif kind == "function_call_output":
                out.append(Entry("tool", i, call_id=item.get("call_id")))
            elif isinstance(kind, str) and kind.endswith("_call_output"):
                # The result of another kind of tool call: a tool result, though never one the rules read.
                out.append(Entry("tool", i, call_id=item.get("call_id")))
            elif kind in (None, "message"):
                role = item.get("role")
                out.append(Entry(role if role in ("user", "assistant") else "other", i))
            else:
                out.append(Entry("assistant", i))  # reasoning and other model output
        return out

    def failure_where(self, failure: dict[str, Any]) -> Any:
        return failure["index"]

    def tool_text(self, entry: Entry) -> str:
        return text_of(self.items[entry.where].get("output"))

    def append(self, entry: Entry, suffix: str) -> None:
        item = self.items[entry.where]
        key = "output" if item.get("type") == "function_call_output" else "content"
        self.items[entry.where] = {**item, key: with_suffix(item.get(key), suffix, self.part_type)}

    def remove(self, results: list[Entry], calls: list[Call]) -> None:
        gone = {e.where for e in results} | {c.where for c in calls}
        self.items[:] = [item for i, item in enumerate(self.items) if i not in gone]

    def insert_after(self, entry: Entry, note: str) -> None:
        self.items.insert(entry.where + 1, {"role": "user", "content": note})

    def push(self, note: str) -> None:
        self.items.append({"role": "user", "content": note})


SURFACES: dict[str, Callable[[dict[str, Any]], Any]] = {
    "chat": ChatSurface,
    "anthropic": AnthropicSurface,
    "responses": ResponsesSurface,
}


# --- The forms -----------------------------------------------------------------------------------------------

def answered_call(entries: list[Entry], at: int) -> Call:
    """The call a tool result answers: the nearest earlier assistant turn that made a call with its id."""
    wanted = entries[at].call_id
    for entry in reversed(entries[:at]):
        for call in entry.calls:
            if call.call_id == wanted:
                return call
    raise ValueError(f"no call answers tool result {entries[at].where!r}")


def apply_form(surface: Any, form: str, failures: list[dict[str, Any]]) -> bool:
    actionable = [f for f in failures if f["scope"] == "decision" and f["kind"] != "ambiguous"]
    if form == "off" or not actionable:
        return False
    entries = surface.entries()
    position = {repr(e.where): n for n, e in enumerate(entries) if e.role == "tool"}
    targets = sorted((position[repr(surface.failure_where(f))], f["kind"]) for f in actionable)

    if form == "c1":
        for at, kind in targets:
            surface.append(entries[at], "\n" + GUIDANCE[kind])
        return True

    notes = []
    for at, kind in targets:
        call = answered_call(entries, at)
        notes.append(runtime_note(call.name, call.arguments, surface.tool_text(entries[at]), kind))
    note = "\n\n".join(notes)

    if form == "c3":
        last_assistant = max((n for n, e in enumerate(entries) if e.role == "assistant"), default=-1)
        end = max(n for n, e in enumerate(entries) if e.role == "tool" and n > last_assistant)
        later_user = next((e for e in entries[end + 1:] if e.role == "user"), None)
        if later_user is not None:
            surface.append(later_user, "\n\n" + note)
        else:
            surface.insert_after(entries[end], note)
        return True

    surface.remove([entries[at] for at, _ in targets], [answered_call(entries, at) for at, _ in targets])
    remaining = surface.entries()
    if form == "c2" and remaining and remaining[-1].role == "user":
        surface.append(remaining[-1], "\n\n" + note)
    else:
        surface.push(note)
    return True


def run_case(case: dict[str, Any]) -> dict[str, Any]:
    body = copy.deepcopy(case["body"])
    requested = body.get(FIELD)
    form = requested if isinstance(requested, str) and requested in FORMS else case.get("form", "off")
    body.pop(FIELD, None)
    changed = apply_form(SURFACES[case["api"]](body), form, case["failures"])
    return {"name": case["name"], "body": js_stringify(body), "changed": changed, "form": form}


def main() -> None:
    cases = js_parse(sys.stdin.buffer.read().decode("utf-8"))
    results = []
    for case in cases:
        try:
            results.append(run_case(case))
        except (KeyError, ValueError, TypeError) as error:
            results.append({"name": case.get("name"), "error": f"{type(error).__name__}: {error}"})
    sys.stdout.write(json.dumps(results, ensure_ascii=True))


if __name__ == "__main__":
    main()
