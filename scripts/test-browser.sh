#!/usr/bin/env bash
# The browser client's tests in real Chromium: starts the table server and chromedriver on
# free loopback ports, then runs crates/netplay/web-tests with node's test runner; the
# screenshots land in target/browser (UPDATE_SCREENSHOTS=1 also copies them to docs/screenshots).
# Installs chromium and chromium-driver with apt-get when they are missing and we are root.
# Without them (or without node) it prints loudly that the suite was skipped; with CI=true
# a skip fails.
set -euo pipefail
cd "$(dirname "$0")/.."

missing() { ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null || ! command -v node >/dev/null; }
if missing && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver nodejs >/dev/null || true
fi
# Chinese pieces and interface text need a CJK font, which a bare Debian lacks.
if ! dpkg -s fonts-noto-cjk >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null || true
fi
if missing; then
  echo "=================================================================="
  echo "BROWSER TESTS SKIPPED: chromium, chromedriver or node is missing."
  echo "Install them with: sudo apt-get install chromium chromium-driver nodejs"
  echo "=================================================================="
  [ "${CI:-}" = true ] && exit 1
  exit 0
fi

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

cargo build -q --example server
server_port=$(free_port)
driver_port=$(free_port)
target/debug/examples/server --port "$server_port" --data "$work/data" --bot-delay-ms 30 \
  --rate 200 --burst 400 >"$work/server.log" 2>&1 &
pids+=($!)
chromedriver --port="$driver_port" >"$work/driver.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do
  curl -sf "http://127.0.0.1:$server_port/" >/dev/null && curl -sf "http://127.0.0.1:$driver_port/status" >/dev/null && break
  sleep 0.2
done

mkdir -p target/browser
PARLOR_URL="http://127.0.0.1:$server_port/" WEBDRIVER_URL="http://127.0.0.1:$driver_port" \
  SCREENSHOTS="$PWD/target/browser" node --test --test-concurrency=1 crates/netplay/web-tests/ \
  || { echo "server log:"; tail -20 "$work/server.log"; exit 1; }
# UPDATE_SCREENSHOTS=1 refreshes the README's screenshots from this run.
if [ "${UPDATE_SCREENSHOTS:-}" = 1 ]; then
  cp target/browser/*.png docs/screenshots/
fi
