import importlib
import os

TYPES = {"string": str, "number": (int, float), "integer": int, "boolean": bool, "array": list, "object": dict}


class ToolExecutor:
    def __init__(self, plugins_dir, definitions_dir, loader):
        self.loader = loader
        self.plugins = {}
        for name in sorted(os.listdir(plugins_dir)):
            if name.endswith(".py") and not name.startswith("_"):
                module = importlib.import_module("tools.plugins." + name[:-3])
                self.plugins[module.TOOL_NAME] = module

    def _check(self, spec, arguments):
        properties = spec.get("parameters", {}).get("properties", {})
        details = ["Missing required parameter: %s" % p for p in spec.get("parameters", {}).get("required", []) if p not in arguments]
        for name, value in arguments.items():
            expected = properties.get(name, {}).get("type")
            if expected == "number" and isinstance(value, str):
                try:
                    value = arguments[name] = float(value)
                except ValueError:
                    pass
            if expected in TYPES and not isinstance(value, TYPES[expected]):
                details.append("Parameter '%s' type mismatch: expected %s" % (name, expected))
        return details

    def execute(self, tool_name, arguments, context):
        arguments = dict(arguments)
        spec = self.loader.get(tool_name)
        details = self._check(spec, arguments) if spec else []
        plugin = self.plugins.get(tool_name)
        if details:
            output = {"error": "Validation failed", "details": details}
        elif plugin is None:
            output = {"error": "Plugin not found: %s" % tool_name}
        else:
            try:
                output = plugin.execute(arguments, context)
            except Exception as error:
                output = {"error": str(error)}
        status = "error" if isinstance(output, dict) and "error" in output else "success"
        context.record(len(context.history) + 1, tool_name, arguments, output, status)
        return output
