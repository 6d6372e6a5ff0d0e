import json
import os


class ToolLoader:
    """Reads definitions written as JSON (valid YAML); real YAML files are skipped by this stand-in."""

    def __init__(self, definitions_dir):
        self.tools = {}
        for root, _, files in os.walk(definitions_dir):
            for name in sorted(files):
                if not name.endswith((".yaml", ".yml")):
                    continue
                try:
                    with open(os.path.join(root, name), encoding="utf-8") as handle:
                        data = json.load(handle)
                except ValueError:
                    continue
                for tool in data if isinstance(data, list) else [data]:
                    spec = tool.get("paradigms", {}).get("function_call", {}).get("spec", tool)
                    self.tools[spec["name"]] = spec

    def get(self, name):
        return self.tools.get(name)
