#!/usr/bin/env bash
# Installs Parse Server 9 (the latest 9.x from npm) in a scratch folder OUTSIDE the repo, creates its
# PostgreSQL database, the `Candidate` class through Parse's schema API, and copies the benchmark's
# candidates (the PostgreSQL data set of bench/postgres.ts, seeded first if missing) into Parse's
# table with COPY, plus indexes equivalent to ours for scenarios (a) and (b). Afterwards:
# `npm run bench -- --postgres` (or `npx node bench/postgres.ts`) runs Parse beside ours.
#
#   bench/parse/setup.sh                      # default folder /tmp/ballot-atlas-parse, size large
#   PARSE_DIR=/scratch/parse PARSE_PORT=8156 BENCH_SIZE=100000 bench/parse/setup.sh
#
# Every step is skipped when already done; re-run after `rm -rf $PARSE_DIR` to reinstall.
# Why `router` is pinned: parse-server 9.10 resolves router 2.2.x's successor, with which its
# /parse/batch route failed to load (reported by a user); the pin costs nothing for the reads here.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
DIR="${PARSE_DIR:-/tmp/ballot-atlas-parse}"
PORT="${PARSE_PORT:-8156}"
SIZE="${BENCH_SIZE:-large}"
PG="${BENCH_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}"
PARSE_DATABASE="parse_bench_$SIZE"
APP_ID=ballot-atlas-bench
MASTER_KEY=bench-parse-master-key

mkdir -p "$DIR"
DIR="$(cd "$DIR" && pwd)"
case "$DIR/" in "$REPO"/*) echo "PARSE_DIR must be outside the repository ($REPO)" >&2; exit 1 ;; esac
NODE24="$REPO/node_modules/.bin/node"
[ -x "$NODE24" ] || { echo "run npm install in $REPO first (the pinned Node 24 runs Parse and the helpers)" >&2; exit 1; }
step() { printf '\n== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }
seconds_since() { echo $(( $(date +%s) - $1 )); }

step "parse-server 9 in $DIR"
cd "$DIR"
installed="$("$NODE24" -p "try { require('./node_modules/parse-server/package.json').version } catch { '' }")"
if [ -z "$installed" ]; then
  # npm lists the matching versions in no useful order: take the highest 9.x.
  version="$(npm view 'parse-server@^9' version --json | "$NODE24" -e "const v = JSON.parse(require('fs').readFileSync(0, 'utf8')); const key = (s) => s.split('.').map(Number); console.log([].concat(v).sort((a, b) => { const [x, y] = [key(a), key(b)]; return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; }).at(-1))")"
  cat > package.json <<JSON
{
  "name": "ballot-atlas-parse-bench",
  "private": true,
  "dependencies": { "parse-server": "$version" },
  "overrides": { "router": "2.2.0" }
}
JSON
  started=$(date +%s)
  PATH="$(dirname "$NODE24"):$PATH" npm install --no-audit --no-fund --omit=optional
  installed="$("$NODE24" -p "require('./node_modules/parse-server/package.json').version")"
  echo "installed parse-server $installed in $(seconds_since "$started") s"
fi
echo "parse-server $installed, router $("$NODE24" -p "require('./node_modules/router/package.json').version")"

step "our PostgreSQL data set ($SIZE)"
(cd "$REPO" && "$NODE24" bench/postgres/dataset.ts "$SIZE" | tail -3)

step "database $PARSE_DATABASE"
psql "$PG/postgres" -Atqc "select 1 from pg_database where datname = '$PARSE_DATABASE'" | grep -q 1 || psql "$PG/postgres" -qc "create database \"$PARSE_DATABASE\""

cat > "$DIR/bench.json" <<JSON
{
  "node": "$NODE24",
  "parseDir": "$DIR",
  "port": $PORT,
  "version": "$installed",
  "size": "$SIZE",
  "databaseUrl": "$PG/$PARSE_DATABASE",
  "appId": "$APP_ID",
  "masterKey": "$MASTER_KEY"
}
JSON

step "Candidate class (Parse schema API), rows (COPY) and indexes"
(cd "$REPO" && "$NODE24" bench/parse/provision.ts "$DIR/bench.json" "$SIZE")
step "done: npx node bench/postgres.ts --size $SIZE   (Parse folder $DIR)"
