#!/usr/bin/env bash
# Runs the bot, the Agents Playground and the e2e browser script together in a private network
# namespace: the playground probes a cloud metadata address even with telemetry off, and inside
# `unshare -n` only loopback exists, so nothing can leave the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${E2E_IN_NAMESPACE:-}" ]; then
  exec unshare -n env E2E_IN_NAMESPACE=1 bash "$0" "$@"
fi
ip link set lo up
DATA=$(mktemp -d /tmp/helpdesk-e2e-XXXXXX)
mkdir -p test-results/playground
PORT=3978 HELPDESK_DATA_DIR="$DATA" npx tsx src/main.ts > test-results/playground/bot.log 2>&1 &
BOT=$!
PLAYGROUND_PORT=56150 npx tsx scripts/playground.ts > test-results/playground/playground.log 2>&1 &
PG=$!
trap 'kill $BOT $PG 2>/dev/null || true; rm -rf "$DATA"' EXIT
for _ in $(seq 1 60); do
  if curl -s -o /dev/null http://127.0.0.1:56150 && curl -s -o /dev/null http://127.0.0.1:3978/healthz; then break; fi
  sleep 1
done
npx tsx test/e2e/playground-flow.ts
