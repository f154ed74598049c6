#!/usr/bin/env bash
# End-to-end run of the bot + Agents Playground + headless Chromium inside a private network
# namespace (only loopback exists): the Playground probes a cloud metadata address even with
# telemetry off, and nothing here may reach beyond this machine.
# PLAYGROUND_DRIVER picks another driver (test/e2e/playground-screens.ts takes docs/screens/);
# HELPDESK_* variables set by the caller reach the bot.
set -euo pipefail
cd "$(dirname "$0")/.."
exec unshare -n bash -c '
  set -euo pipefail
  ip link set lo up
  data=$(mktemp -d)
  logs=test-results/playground; mkdir -p "$logs"
  pids=()
  # Each server runs in its own process group (setsid) so its tsx/node children stop with it.
  cleanup() {
    for p in "${pids[@]}"; do kill -TERM -- "-$p" 2>/dev/null || true; done
    sleep 2
    for p in "${pids[@]}"; do kill -KILL -- "-$p" 2>/dev/null || true; done
    rm -rf "$data"
  }
  trap cleanup EXIT
  HELPDESK_DATA_DIR="$data" PORT=3978 LOG_LEVEL=info setsid npx tsx src/main.ts >"$logs/bot.log" 2>&1 & pids+=($!)
  PORT=3978 PLAYGROUND_PORT=56150 setsid npx tsx scripts/playground.ts >"$logs/playground.log" 2>&1 & pids+=($!)
  for i in $(seq 1 120); do
    if curl -sf http://127.0.0.1:3978/healthz >/dev/null && curl -sf http://127.0.0.1:56150 >/dev/null; then break; fi
    sleep 0.5
  done
  npx tsx "${PLAYGROUND_DRIVER:-test/e2e/playground-driver.ts}" http://127.0.0.1:56150 "$logs/bot.log"
'
