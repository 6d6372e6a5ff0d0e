#!/usr/bin/env python3
"""recovery-bench's bridge to a ToolMaze checkout's own tool executor (standard library only).

Run as ``python3 -u toolmaze_bridge.py --root <checkout>`` with the checkout as working directory.
Requests and responses are JSON lines: ``{id, op, ...}`` gets ``{id, ok: true, ...}`` or
``{id, ok: false, error: {kind, message}}``. Tool plug-ins may print, so ``sys.stdout`` is pointed at stderr
and protocol lines go to the original stdout.
"""

import argparse
import ast
import importlib
import json
import os
import sys
import textwrap
import traceback

PROTOCOL_VERSION = 1
PROMPT_FUNCTIONS = {
    "p0": "_build_p0_system_message",
    "faultAware": "_build_perturbation_system_message",
}

_protocol_out = sys.stdout
sys.stdout = sys.stderr


class BridgeError(Exception):
    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


def send(message):
    _protocol_out.write(json.dumps(message, ensure_ascii=True) + "\n")
    _protocol_out.flush()


def import_error(what, error):
    missing = getattr(error, "name", None)
    detail = "%s: %s" % (type(error).__name__, error)
    if isinstance(error, ModuleNotFoundError) and missing:
        return BridgeError("import", "cannot import %s (%s); missing module: %s" % (what, detail, missing))
    return BridgeError("import", "cannot import %s (%s)" % (what, detail))


def load_toolmaze():
    """ToolMaze's own classes; a failure names the module instead of degrading silently."""
    try:
        core = importlib.import_module("toolmaze.core")
        execution_context, tool_executor = core.ExecutionContext, core.ToolExecutor
    except (ImportError, AttributeError, SyntaxError) as error:
        raise import_error("toolmaze.core (ExecutionContext, ToolExecutor)", error)
    try:
        tool_loader = importlib.import_module("tools.loader").ToolLoader
    except (ImportError, AttributeError, SyntaxError) as error:
        raise import_error("tools.loader (ToolLoader)", error)
    return execution_context, tool_executor, tool_loader


class InferenceContext:
    """The sandbox's context: an empty ``user_input``; everything else is the ExecutionContext's."""

    def __init__(self, execution_context_class):
        self._ctx = execution_context_class(user_input={})
        self.user_input = {}

    def get(self, key, default=None):
        return default

    def __getattr__(self, name):
        return getattr(self._ctx, name)


class Bridge:
    def __init__(self, root):
        self.root = root
        self.plugins_dir = os.path.join(root, "tools", "plugins")
        self.definitions_dir = os.path.join(root, "tools", "definitions")
        self.runs = {}
        self._classes = None
        self._import_error = None
        try:
            self._classes = load_toolmaze()
        except BridgeError as error:
            self._import_error = error

    def classes(self):
        if self._import_error is not None:
            raise self._import_error
        return self._classes

    def new_executor(self):
        _, tool_executor, tool_loader = self.classes()
        loader = tool_loader(self.definitions_dir)
        return tool_executor(plugins_dir=self.plugins_dir, definitions_dir=self.definitions_dir, loader=loader)

    def plugin_report(self):
        names = sorted(
            f[:-3] for f in os.listdir(self.plugins_dir) if f.endswith(".py") and not f.startswith("_")
        ) if os.path.isdir(self.plugins_dir) else []
        failures = []
        for name in names:
            try:
                module = importlib.import_module("tools.plugins." + name)
                if not hasattr(module, "TOOL_NAME") or not callable(getattr(module, "execute", None)):
                    failures.append({"plugin": name, "message": "no TOOL_NAME or execute(arguments, context)"})
            except Exception as error:  # a plug-in that fails to import is reported, not fatal
                failures.append({"plugin": name, "message": "%s: %s" % (type(error).__name__, error)})
        return len(names), failures

    def run(self, request):
        run_id = request.get("run")
        if run_id not in self.runs:
            raise BridgeError("unknown-run", "no run %r (was the bridge restarted?)" % (run_id,))
        return self.runs[run_id]

    def op_hello(self, request):
        self.classes()
        self.new_executor()
        count, failures = self.plugin_report()
        return {
            "protocol": PROTOCOL_VERSION,
            "python": sys.version.split()[0],
            "root": self.root,
            "plugins": count,
            "loadFailures": failures,
        }

    def op_prompts(self, request):
        return extract_prompts(os.path.join(self.root, "evaluation", "agents", "openai_agent.py"))

    def op_start(self, request):
        execution_context, _, _ = self.classes()
        self.runs[request.get("run")] = (self.new_executor(), InferenceContext(execution_context))
        return {}

    def op_call(self, request):
        executor, context = self.run(request)
        output = executor.execute(request["tool"], request.get("arguments") or {}, context)
        return {"output": output, "text": dumps_result(output)}

    def op_record_perturbed(self, request):
        _, context = self.run(request)
        output = request.get("output")
        step = len(context.history) + 1
        context.record(step, request["tool"], request.get("arguments") or {}, output, request.get("status", "error"), is_perturbed=True)
        return {"step": step, "text": dumps_result(output)}

    def op_end(self, request):
        self.runs.pop(request.get("run"), None)
        return {}


def dumps_result(output):
    try:
        return json.dumps(output, ensure_ascii=False)
    except (TypeError, ValueError) as error:
        raise BridgeError("unserialisable", "the tool output is not JSON: %s" % error)


def _returns(function):
    """Return statements of a function, not of functions nested in it."""
    stack = list(function.body)
    while stack:
        node = stack.pop(0)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Return):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _literal(node, function):
    """A string literal, possibly behind ``.strip()``, ``textwrap.dedent()`` or a local name bound to one."""
    if isinstance(node, ast.Name):
        bound = [
            n.value for n in ast.walk(function)
            if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == node.id for t in n.targets)
        ]
        return _literal(bound[-1], function) if len(bound) == 1 else None
    if isinstance(node, ast.Call) and not node.keywords:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in ("strip", "lstrip", "rstrip") and not node.args:
            inner = _literal(func.value, function)
            return getattr(inner, func.attr)() if inner is not None else None
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if name == "dedent" and len(node.args) == 1:
            inner = _literal(node.args[0], function)
            return textwrap.dedent(inner) if inner is not None else None
        return None
    try:
        value = ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError):
        return None
    return value if isinstance(value, str) else None


def extract_prompts(path):
    """The two system prompts, read with ``ast`` (importing the agent would need the ``openai`` package)."""
    try:
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read(), filename=path)
    except OSError as error:
        raise BridgeError("prompts", "cannot read %s: %s" % (path, error))
    except SyntaxError as error:
        raise BridgeError("prompts", "cannot parse %s: %s" % (path, error))
    functions = {
        node.name: node for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in PROMPT_FUNCTIONS.values()
    }
    prompts = {}
    for key, name in PROMPT_FUNCTIONS.items():
        function = functions.get(name)
        if function is None:
            raise BridgeError("prompts", "%s defines no %s(); give the prompts inline or from files" % (path, name))
        values = [v for v in (_literal(r.value, function) for r in _returns(function) if r.value is not None) if v]
        if not values:
            raise BridgeError("prompts", "%s() in %s returns no string literal; give the prompts inline or from files" % (name, path))
        prompts[key] = values[0]
    return prompts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", required=True)
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    os.chdir(root)
    sys.path.insert(0, root)
    bridge = Bridge(root)
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError as error:
            send({"id": None, "ok": False, "error": {"kind": "protocol", "message": "not a JSON line: %s" % error}})
            continue
        request_id = request.get("id")
        handler = getattr(bridge, "op_" + str(request.get("op")), None)
        if handler is None:
            send({"id": request_id, "ok": False, "error": {"kind": "protocol", "message": "unknown op %r" % request.get("op")}})
            continue
        try:
            result = handler(request)
            reply = {"id": request_id, "ok": True}
            reply.update(result)
            send(reply)
        except BridgeError as error:
            send({"id": request_id, "ok": False, "error": {"kind": error.kind, "message": str(error)}})
        except Exception as error:  # the executor itself failed: report it, keep serving
            traceback.print_exc(file=sys.stderr)
            send({"id": request_id, "ok": False, "error": {"kind": "exception", "message": "%s: %s" % (type(error).__name__, error)}})


if __name__ == "__main__":
    main()
