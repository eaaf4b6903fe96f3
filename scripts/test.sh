#!/usr/bin/env bash
# Every suite: unit (Node), worker (workerd with real local D1/KV/R2), e2e (Debian Chromium
# against the built worker). Installs Chromium when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
export WRANGLER_SEND_METRICS=false CLOUDFLARE_CF_FETCH_ENABLED=false XDG_CONFIG_HOME="$PWD/.wrangler/config"

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "installing Debian chromium for the e2e tests"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi
fi

npx vitest run --project unit --project worker
npx vitest run --project e2e
