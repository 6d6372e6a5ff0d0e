"""Stand-in agent module. Importing it needs a package this environment lacks, so the bridge must read it with ast."""
import textwrap

import openai_is_not_installed_here  # noqa: F401


def _build_p0_system_message():
    return "Stand-in P0 prompt for bridge tests."


class StandInAgent:
    def _build_perturbation_system_message(self):
        text = textwrap.dedent(
            """
            Stand-in fault-aware prompt for bridge tests.
            """
        ).strip()
        return text
