class StepRecord:
    def __init__(self, step, tool_name, arguments, output, status, is_perturbed=False):
        self.step = step
        self.tool_name = tool_name
        self.arguments = arguments
        self.output = output
        self.status = status
        self.is_perturbed = is_perturbed

    def to_dict(self):
        return {
            "step": self.step,
            "tool_name": self.tool_name,
            "arguments": self.arguments,
            "output": self.output,
            "status": self.status,
            "is_perturbed": self.is_perturbed,
        }


class ExecutionContext:
    def __init__(self, user_input=None):
        self.user_input = dict(user_input or {})
        self.history = []

    def get(self, key, default=None):
        return self.user_input.get(key, default)

    def record(self, step, tool_name, arguments, output, status, is_perturbed=False):
        self.history.append(StepRecord(step, tool_name, arguments, output, status, is_perturbed))

    def find_by_tool(self, tool_name):
        return [r for r in self.history if r.tool_name == tool_name]

    def get_step_output(self, step):
        for record in self.history:
            if record.step == step:
                return record.output
        return None

    def get_last_output(self):
        return self.history[-1].output if self.history else None

    def to_trace(self):
        return [r.to_dict() for r in self.history]
