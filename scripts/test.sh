#!/usr/bin/env bash
# Every suite: unit (Node), worker (workerd with real local D1/KV/R2), e2e (Debian Chromium
# against the built worker). Installs Chromium, poppler-utils and zbar-tools when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
export WRANGLER_SEND_METRICS=false CLOUDFLARE_CF_FETCH_ENABLED=false XDG_CONFIG_HOME="$PWD/.wrangler/config"

install() {
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq "$@" >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq "$@" >/dev/null; fi
}
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "installing Debian chromium for the e2e tests"
  install chromium
fi
# the e2e label test renders the label PDF (poppler's pdftoppm) and decodes its barcodes (zbarimg)
missing=()
command -v pdftoppm >/dev/null || missing+=(poppler-utils)
command -v zbarimg >/dev/null || missing+=(zbar-tools)
# the Nu HTML checker (vnu-jar) runs on Java
command -v java >/dev/null || missing+=(default-jre-headless)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]} for the e2e tests"
  install "${missing[@]}"
fi

npx vitest run --project unit --project worker
npx vitest run --project e2e
