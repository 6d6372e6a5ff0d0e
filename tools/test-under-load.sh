#!/usr/bin/env bash
# `npm run test:under-load [-- RUNS]`: the README's test command on a fresh clone of this checkout's HEAD, RUNS times
# (default 5), each while `stress-ng --cpu <cores>` keeps every core busy beside it, as on a loaded CI runner. Prints
# each run's result and wall time, and exits 1 when any run failed. Needs stress-ng (Debian's package; installed
# with apt-get when missing and this is root). The clone sits beside this checkout, so `../shared` resolves as here.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-5}"
if ! command -v stress-ng >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq stress-ng >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq stress-ng >/dev/null; }
  else
    echo "test-under-load: stress-ng is not installed (Debian and Ubuntu: sudo apt-get install stress-ng)" >&2
    exit 2
  fi
fi
# As CI runs it: no Nx cache and no daemon, so every run does all of its work (a daemon kept between runs would
# answer later runs from its cache).
export NX_DAEMON=false NX_NO_CLOUD=true NX_SKIP_NX_CACHE=true CI=true
clone="$(cd .. && pwd)/recovery-bench-under-load"
rm -rf "$clone"
git clone -q . "$clone"
cores="$(nproc)"
failed=0
for run in $(seq 1 "$RUNS"); do
  stress-ng --cpu "$cores" --timeout 0 --quiet &
  stress=$!
  start=$(date +%s)
  if (cd "$clone" && git clean -qfdx && npm ci --no-audit --no-fund >/dev/null 2>&1 && npm test >"$clone.run-$run.log" 2>&1); then result=passed; else result=FAILED; failed=1; fi
  kill "$stress" 2>/dev/null || true
  wait "$stress" 2>/dev/null || true
  echo "test-under-load: run $run/$RUNS $result in $(( $(date +%s) - start )) s with $cores cores busy (log: $clone.run-$run.log)"
done
exit "$failed"
