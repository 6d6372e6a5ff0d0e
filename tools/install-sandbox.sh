#!/usr/bin/env bash
# Makes sure the coding agents' sandbox is there: bubblewrap (Debian's package `bubblewrap`). Installs it with
# apt-get when it is missing and this is root on a Debian-like system; otherwise says what to do and leaves the
# choice to `run coding` (which then tries Docker, and stops with one line if neither works).
set -euo pipefail
if command -v bwrap >/dev/null 2>&1; then
  echo "sandbox: $(bwrap --version)"
  exit 0
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "sandbox: installing bubblewrap (apt-get install bubblewrap) for the coding agents' sandbox"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq bubblewrap >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq bubblewrap >/dev/null; }
  echo "sandbox: $(bwrap --version)"
  exit 0
fi
echo "sandbox: bubblewrap is not installed; install it (Debian and Ubuntu: sudo apt-get install bubblewrap), or run a Docker engine here, or pass --sandbox none" >&2
