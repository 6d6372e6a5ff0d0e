#!/usr/bin/env python3
"""The Loud/Quiet environment bridge: hosts environment classes and injects the faults, over JSON lines on stdio.

Standard library only. The environment classes are imported at run time, either from a gorilla checkout
(``--gorilla DIR``: BFCL's ``CLASS_FILE_PATH_MAPPING``) or from a JSON class map (``--class-map FILE
--module-path DIR``). Requests and replies are described in ``src/bridge/protocol.ts``.
"""

import argparse
import copy
import importlib
import inspect
import json
import os
import random
import re
import sys
import traceback

PROTOCOL = 1
MIN_PYTHON = (3, 10)
BODY_LIMIT = 1500
UNEXPECTED = "<unexpected entry>"
VICTIM_PREFIXES = ("post", "send", "create", "add", "mkdir", "cp", "mv", "book", "buy", "sell", "start", "set",
                   "update", "write", "touch", "echo")
TYPE_NAMES = {int: "integer", float: "number", bool: "boolean", list: "array", dict: "object"}
CALL_NAME = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\(")
CALL_WHOLE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\((.*)\)$", re.DOTALL)
FAULTS = ("clean", "timeout", "schema_drift", "missing_tool", "silent_corruption", "empty_result")


class BridgeError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


# ---------------------------------------------------------------------------------------------------------------
# Value helpers


def jsonable(value):
    """The value itself if json.dumps accepts it, else str(value)."""
    try:
        json.dumps(value)
        return value
    except Exception:
        return str(value)


def same(a, b):
    try:
        return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)
    except Exception:
        return a == b


def corrupt(v, rng):
    """Keeps the shape and always changes the value."""
    if v is None:
        return "unknown"
    if isinstance(v, bool):
        return not v
    if isinstance(v, int):
        u = rng.uniform(0.2, 0.6)
        d = max(1, int(abs(v) * u))
        return v + d * rng.choice([-1, 1])
    if isinstance(v, float):
        return round(v * rng.uniform(1.2, 1.6) + 0.01, 4)
    if isinstance(v, str):
        if not v.strip():
            return "unavailable"
        words = v.split()
        if len(words) > 1:
            shuffled = list(words)
            for _ in range(4):
                rng.shuffle(shuffled)
                if shuffled != words:
                    return " ".join(shuffled)
        reversed_v = v[::-1]
        return reversed_v if reversed_v != v else v + "_x"
    if isinstance(v, (list, tuple)):
        if not v:
            return [UNEXPECTED]
        out = list(v)
        if len(out) > 1 and rng.random() < 0.7:
            del out[rng.randrange(len(out))]
        else:
            i = rng.randrange(len(out))
            out[i] = corrupt(out[i], rng)
        if same(out, v):
            out.append(UNEXPECTED)
        return out
    if isinstance(v, dict):
        if not v:
            return {"status": "unknown"}
        keys = sorted(v.keys(), key=str)
        rng.shuffle(keys)
        for k in keys:
            new = corrupt(v[k], rng)
            if not same(new, v[k]):
                out = dict(v)
                out[k] = new
                return out
        out = dict(v)
        out[keys[0]] = "n/a" if v[keys[0]] == "unknown" else "unknown"
        return out
    return corrupt(str(v), rng)


def empty_like(v):
    return {} if isinstance(v, dict) else []


def rng_for(task_id, fault, seed):
    return random.Random(f"{task_id}|{fault}|late|{seed}")


def ground_truth_names(task, registered):
    names = []
    for turn in task.get("ground_truth") or []:
        for call in turn:
            m = CALL_NAME.match(call.strip())
            if m and m.group(1) in registered:
                names.append(m.group(1))
    return names


def choose_victim(task, registered, target_step, rng):
    gt = ground_truth_names(task, registered)
    if gt:
        idx = min(max(target_step - 1, 0), len(gt) - 1)
        pool = list(dict.fromkeys(gt[idx:]))
    else:
        names = sorted(registered)
        pool = [n for n in names if n.startswith(VICTIM_PREFIXES)] or names
    return rng.choice(pool)


SPEC_CACHE = {}


def tool_spec(name, method):
    """The spec of a bound method; it depends only on the function, so it is built once per function (read-only)."""
    key = (getattr(method, "__func__", method), name)
    spec = SPEC_CACHE.get(key)
    if spec is None:
        spec = SPEC_CACHE[key] = build_spec(name, method)
    return spec


def build_spec(name, method):
    doc = inspect.getdoc(method) or ""
    description = doc.split("\n")[0][:180] if doc else ""
    properties = {}
    required = []
    for pname, param in inspect.signature(method).parameters.items():
        try:
            kind = TYPE_NAMES.get(param.annotation, "string")
        except TypeError:  # an unhashable annotation is no bare type
            kind = "string"
        properties[pname] = {"type": kind}
        if param.default is inspect.Parameter.empty:
            required.append(pname)
    return {"type": "function", "function": {"name": name, "description": description,
            "parameters": {"type": "object", "properties": properties, "required": required}}}


# ---------------------------------------------------------------------------------------------------------------
# Classes


class ClassSource:
    def __init__(self, mapping, origin, gorilla_dir=None):
        self.mapping = mapping
        self.origin = origin
        self.gorilla_dir = gorilla_dir
        self.cache = {}

    def get(self, name):
        if name in self.cache:
            return self.cache[name]
        if name not in self.mapping:
            raise BridgeError("class_missing", f"class {name} is not in the class map of {self.origin}")
        module_name = self.mapping[name]
        try:
            module = importlib.import_module(module_name)
        except Exception as e:
            raise BridgeError("class_missing", f"cannot import {module_name} for class {name} from {self.origin}: {type(e).__name__}: {e}")
        cls = getattr(module, name, None)
        if cls is None:
            raise BridgeError("class_missing", f"module {module_name} has no class {name} ({self.origin})")
        self.cache[name] = cls
        return cls

    def commit(self):
        if not self.gorilla_dir:
            return None
        git_dir = os.path.join(self.gorilla_dir, ".git")
        try:
            if os.path.isfile(git_dir):  # a worktree: "gitdir: PATH"
                with open(git_dir, encoding="utf-8") as f:
                    git_dir = os.path.join(self.gorilla_dir, f.read().strip()[len("gitdir: "):])
            with open(os.path.join(git_dir, "HEAD"), encoding="utf-8") as f:
                ref = f.read().strip()
            if not ref.startswith("ref: "):
                return ref
            ref = ref[5:]
            loose = os.path.join(git_dir, ref)
            if os.path.isfile(loose):
                with open(loose, encoding="utf-8") as f:
                    return f.read().strip()
            with open(os.path.join(git_dir, "packed-refs"), encoding="utf-8") as f:
                for line in f:
                    parts = line.split()
                    if len(parts) == 2 and parts[1] == ref:
                        return parts[0]
            return None
        except OSError:
            return None


def load_gorilla(dir_):
    root = os.path.join(dir_, "berkeley-function-call-leaderboard")
    config = os.path.join(root, "bfcl_eval", "constants", "executable_backend_config.py")
    if not os.path.isfile(config):
        raise BridgeError("class_missing", f"no BFCL checkout at {dir_} (missing {config})")
    sys.path.insert(0, root)
    try:
        module = importlib.import_module("bfcl_eval.constants.executable_backend_config")
    except Exception as e:
        raise BridgeError("class_missing", f"cannot import BFCL's class map from {dir_}: {type(e).__name__}: {e}")
    return ClassSource(dict(module.CLASS_FILE_PATH_MAPPING), dir_, dir_)


def load_map(file, module_path):
    try:
        with open(file, encoding="utf-8") as f:
            mapping = json.load(f)
    except (OSError, ValueError) as e:
        raise BridgeError("class_missing", f"cannot read the class map {file}: {e}")
    if not isinstance(mapping, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in mapping.items()):
        raise BridgeError("class_missing", f"the class map {file} must be an object of class name to module name")
    sys.path.insert(0, module_path)
    return ClassSource(mapping, file)


# ---------------------------------------------------------------------------------------------------------------
# The environment of one trial


class Environment:
    def __init__(self, task, fault, seed, classes):
        if fault not in FAULTS:
            raise BridgeError("bad_request", f"unknown fault {fault!r}")
        self.task = task
        self.task_id = task["task_id"]
        self.fault = fault
        self.seed = seed
        self.instances = {}
        self.tools = {}
        for name in task["involved_classes"]:
            instance = classes.get(name)()
            cfg = (task.get("initial_config") or {}).get(name)
            if name in (task.get("initial_config") or {}):
                instance._load_scenario(copy.deepcopy(cfg), long_context=False)
            self.instances[name] = instance
            for tool, method in inspect.getmembers(instance, predicate=inspect.ismethod):
                if tool.startswith("_") or tool in self.tools:
                    continue
                self.tools[tool] = method
        self.target_step = max(1, task["n_turns"] // 2)
        self.step = 0
        self.hidden = set()
        self.fired = False
        self.fault_step = None
        self.fault_tool = None
        self.victim = None
        if fault in ("missing_tool", "schema_drift"):
            self.victim = choose_victim(task, self.tools, self.target_step, rng_for(self.task_id, fault, seed))

    def visible(self):
        # Sorted by name, as the harness's visible_tools(): the unknown-tool text lists the first 12 of this order.
        return sorted(n for n in self.tools if n not in self.hidden)

    def specs(self):
        return [tool_spec(n, self.tools[n]) for n in self.visible()]

    def run(self, tool, args):
        try:
            value = self.tools[tool](**args)
        except TypeError as e:
            return {"ok": False, "error": f"ToolError: {e}"}
        except Exception as e:
            return {"ok": False, "error": f"ToolError: {type(e).__name__}: {e}"}
        return {"ok": True, "value": jsonable(value)}

    def fire(self, tool):
        self.fired = True
        self.fault_step = self.step
        self.fault_tool = tool

    def call(self, tool, args):
        args = args or {}
        self.step += 1
        if tool in self.hidden:
            return {"ok": False, "error": f"ToolError: tool '{tool}' is not available in this environment.", "faulted": False}
        if tool not in self.tools:
            available = ", ".join(self.visible()[:12])
            return {"ok": False, "error": f"ToolError: unknown tool '{tool}'. Available: {available} ...", "faulted": False}
        due = not self.fired and self.fault != "clean" and self.step >= self.target_step
        if due and self.fault == "timeout":
            self.fire(tool)
            return {"ok": False, "error": f"ToolError: request to '{tool}' timed out after 30s (no response from service)", "faulted": True}
        if due and self.fault == "schema_drift" and tool == self.victim:
            self.fire(tool)
            bad = sorted(args)[0] if args else "argument"
            return {"ok": False, "error": f"ToolError: {tool}() got an unexpected keyword argument '{bad}'. Check the current parameter names for this tool.", "faulted": True}
        if due and self.fault == "missing_tool" and tool == self.victim:
            self.fire(tool)
            self.hidden.add(tool)
            return {"ok": False, "error": f"ToolError: tool '{tool}' is not available in this environment.", "faulted": True}
        result = self.run(tool, args)
        if due and self.fault in ("silent_corruption", "empty_result") and result["ok"]:
            self.fire(tool)
            real = result["value"]
            if self.fault == "silent_corruption":
                value = corrupt(real, rng_for(self.task_id, self.fault, self.seed))
            else:
                value = empty_like(real)
            return {"ok": True, "value": value, "faulted": True}
        result["faulted"] = False
        return result

    def snapshot(self):
        state = {}
        for name in self.task["involved_classes"]:
            instance = self.instances[name]
            state[name] = {k: jsonable(v) for k, v in vars(instance).items() if not k.startswith("_")}
        return state

    def summary(self):
        return {"task_id": self.task_id, "fault": self.fault, "position": "late", "target_step": self.target_step,
                "fault_fired": self.fired, "fault_step": self.fault_step, "fault_tool": self.fault_tool,
                "n_steps": self.step, "victim_tool": self.victim}


def reference(task, classes):
    env = Environment(task, "clean", 0, classes)
    ok = 0
    failed = 0
    errors = []
    for turn in task.get("ground_truth") or []:
        for call in turn:
            m = CALL_WHOLE.match(call.strip())
            if not m:
                failed += 1
                errors.append(f"unparsed: {call[:60]}")
                continue
            name, argstr = m.group(1), m.group(2)
            if name not in env.tools:
                failed += 1
                errors.append(f"unknown tool: {name}")
                continue
            try:
                eval(f"_m({argstr})", {"__builtins__": {}, "True": True, "False": False, "None": None},
                     {"_m": env.tools[name]})
                ok += 1
            except Exception as e:
                failed += 1
                errors.append(f"{name}: {type(e).__name__}")
    return {"state": env.snapshot(), "calls_ok": ok, "calls_failed": failed, "errors": errors[:5]}


# ---------------------------------------------------------------------------------------------------------------
# The server


class Server:
    def __init__(self, suite, classes):
        self.suite = suite
        self.by_id = {t["task_id"]: t for t in suite}
        self.classes = classes
        self.envs = {}
        self.next_env = 1

    def task(self, req):
        task_id = field(req, "task", str)
        if task_id not in self.by_id:
            raise BridgeError("unknown_task", f"no task {task_id!r} in the suite")
        return self.by_id[task_id]

    def env(self, req):
        env_id = field(req, "env", str)
        if env_id not in self.envs:
            raise BridgeError("unknown_env", f"no environment {env_id!r} (never created or closed)")
        return self.envs[env_id]

    def handle(self, req):
        op = req.get("op")
        if op == "hello":
            return {"protocol": PROTOCOL, "python": sys.version.split()[0], "classes": sorted(self.classes.mapping),
                    "gorilla_commit": self.classes.commit(), "tasks": [t["task_id"] for t in self.suite],
                    "tz": os.environ.get("TZ", "")}
        if op == "init":
            seed = field(req, "seed", int)
            env = Environment(self.task(req), field(req, "fault", str), seed, self.classes)
            env_id = f"e{self.next_env}"
            self.next_env += 1
            self.envs[env_id] = env
            return {"env": env_id, "target_step": env.target_step, "victim_tool": env.victim, "specs": env.specs(),
                    "tools": list(env.tools)}
        if op == "call":
            env = self.env(req)
            name = field(req, "name", str)
            raw = req.get("arguments")
            if raw is not None and not isinstance(raw, str):
                raise BridgeError("bad_request", "call: arguments must be a string or null")
            try:
                args = json.loads(raw or "{}")
            except ValueError:
                args = {}
            result = env.call(name, args)
            if result["ok"]:
                body = json.dumps(result["value"])[:BODY_LIMIT]
            else:
                body = result["error"]
            try:
                key = json.dumps(args, sort_keys=True)
            except TypeError:
                key = json.dumps(args)
            return {"step": env.step, "tool": name, "ok": result["ok"], "faulted": result["faulted"], "body": body,
                    "args_json": json.dumps(args), "args_key_json": key}
        if op == "specs":
            return {"specs": self.env(req).specs()}
        if op == "snapshot":
            return {"state_json": json.dumps(self.env(req).snapshot())}
        if op == "summary":
            return {"summary_json": json.dumps(self.env(req).summary())}
        if op == "reference":
            return {"ref_json": json.dumps(reference(self.task(req), self.classes))}
        if op == "references":
            refs = {t["task_id"]: reference(t, self.classes) for t in self.suite}
            return {"refs_text": json.dumps(refs, indent=2)}
        if op == "corrupt":
            rng = field(req, "rng", str)
            try:
                value = json.loads(field(req, "value_json", str))
            except ValueError as e:
                raise BridgeError("bad_request", f"corrupt: value_json is not JSON: {e}")
            return {"value_json": json.dumps(corrupt(value, random.Random(rng)))}
        if op == "victim":
            task = self.task(req)
            fault = field(req, "fault", str)
            registered = field(req, "registered", list)
            target = max(1, task["n_turns"] // 2)
            victim = choose_victim(task, dict.fromkeys(registered), target, rng_for(task["task_id"], fault, field(req, "seed", int)))
            return {"target_step": target, "victim_tool": victim}
        if op == "close":
            return {"closed": self.envs.pop(field(req, "env", str), None) is not None}
        if op == "shutdown":
            return {}
        raise BridgeError("bad_request", f"unknown op {op!r}")


def field(req, name, kind):
    value = req.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BridgeError("bad_request", f"{req.get('op')}: field {name!r} must be {kind.__name__}")
    return value


def load_suite(path):
    try:
        with open(path, encoding="utf-8") as f:
            suite = json.load(f)
    except (OSError, ValueError) as e:
        raise BridgeError("bad_request", f"cannot read the suite {path}: {e}")
    if not isinstance(suite, list):
        raise BridgeError("bad_request", f"{path}: the suite must be a JSON array")
    return suite


def main(argv):
    if os.environ.get("PYTHONHASHSEED") != "0":
        # Set reprs (snapshots, bodies) depend on string hashing: run with a fixed seed, as the harness data was made.
        os.execve(sys.executable, [sys.executable, os.path.abspath(__file__), *argv], {**os.environ, "PYTHONHASHSEED": "0"})
    parser = argparse.ArgumentParser(description="Loud/Quiet environment bridge (JSON lines over stdio)")
    parser.add_argument("--suite", required=True)
    parser.add_argument("--gorilla")
    parser.add_argument("--class-map")
    parser.add_argument("--module-path")
    opts = parser.parse_args(argv)
    # Anything the environment classes print goes to stderr; the protocol owns stdout.
    out = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    sys.stdout = sys.stderr
    try:
        if sys.version_info < MIN_PYTHON:
            raise BridgeError("unsupported_python", f"Python {sys.version.split()[0]} is too old for the Loud/Quiet bridge: "
                              f"it needs {MIN_PYTHON[0]}.{MIN_PYTHON[1]} or later (error texts carry qualified names)")
        if opts.gorilla:
            classes = load_gorilla(opts.gorilla)
        elif opts.class_map:
            classes = load_map(opts.class_map, opts.module_path or os.path.dirname(os.path.abspath(opts.class_map)))
        else:
            raise BridgeError("bad_request", "give --gorilla DIR or --class-map FILE")
        server = Server(load_suite(opts.suite), classes)
    except BridgeError as e:
        out.write(json.dumps({"id": 0, "ok": False, "code": e.code, "error": str(e)}) + "\n")
        out.flush()
        return 2
    for line in sys.stdin:
        if not line.strip():
            continue
        req_id = None
        try:
            req = json.loads(line)
            if not isinstance(req, dict):
                raise BridgeError("bad_request", "a request must be a JSON object")
            req_id = req.get("id")
            reply = server.handle(req)
            reply = {"id": req_id, "ok": True, **reply}
        except BridgeError as e:
            reply = {"id": req_id, "ok": False, "code": e.code, "error": str(e)}
        except ValueError as e:
            reply = {"id": req_id, "ok": False, "code": "bad_request", "error": f"not JSON: {e}"}
        except Exception as e:
            traceback.print_exc(file=sys.stderr)
            reply = {"id": req_id, "ok": False, "code": "internal", "error": f"{type(e).__name__}: {e}"}
        out.write(json.dumps(reply) + "\n")
        out.flush()
        if reply["ok"] and req.get("op") == "shutdown":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
