"""Stand-in for the core package of a ToolMaze checkout (bridge tests only)."""
from .context import ExecutionContext
from .executor import ToolExecutor

__all__ = ["ExecutionContext", "ToolExecutor"]
