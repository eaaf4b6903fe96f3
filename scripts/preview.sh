#!/bin/bash
# A private preview of the product: its own build, local D1/KV/R2 state and port, so several
# people (or helpers) can look at their work at once without touching dist/ or .wrangler/state.
#   bash scripts/preview.sh NAME PORT          build, migrate, seed (first time) and serve in the foreground
#   PREVIEW_SKIP_BUILD=1 bash scripts/preview.sh NAME PORT   serve the last build again
set -euo pipefail
cd "$(dirname "$0")/.."
NAME=${1:?name}; PORT=${2:?port}
DIR=.wrangler/preview-$NAME
mkdir -p $DIR
export PATH=$PWD/node_modules/.bin:$PATH WRANGLER_SEND_METRICS=false CLOUDFLARE_CF_FETCH_ENABLED=false XDG_CONFIG_HOME=$PWD/.wrangler/config
[ -f .dev.vars ] || node scripts/dev-secrets.mjs
if [ -z "${PREVIEW_SKIP_BUILD:-}" ]; then WAKU_DIST_DIR=$DIR/dist node node_modules/waku/cli.js build > $DIR.build.log 2>&1 || { tail -30 $DIR.build.log; exit 1; }; fi
node scripts/d1-migrate.mjs --local --persist-to $DIR/state > /dev/null
[ -f $DIR/seeded ] || { node scripts/seed.mjs --local --persist-to $DIR/state > /dev/null && touch $DIR/seeded; }
echo "preview $NAME on http://127.0.0.1:$PORT"
exec node scripts/serve-worker.mjs --port $PORT --dist $DIR/dist --persist-to $DIR/state --var CZ_HOST:127.0.0.1:$PORT --var SK_HOST:sk.localhost:$PORT --var LOCAL_DEV:1 --var DEV_NO_COMPRESS:1 --var ENVIRONMENT:e2e
