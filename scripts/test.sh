#!/bin/sh
# Every test: lint, types, the build, unit, API and site tests (SQLite and PostgreSQL), browser tests.
# The demo is read and imported once, into a snapshot both test runners copy (tests/demo-snapshot.ts).
set -e
cd "$(dirname "$0")/.."

pg_dir=$(mktemp -d /tmp/meridian-pg.XXXXXX)
pg_port=${TEST_PG_PORT:-54329}
snapshot=$(mktemp -d /tmp/meridian-demo.XXXXXX)
trap 'sh scripts/postgres.sh stop "$pg_dir"; rm -rf "$snapshot"' EXIT INT TERM
sh scripts/postgres.sh start "$pg_dir" "$pg_port"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/meridian_test"
export MERIDIAN_DEMO_SNAPSHOT="$snapshot"

# Each step's time is said after it, to see where a run's minutes go.
started=$(date +%s)
step() {
  "$@"
  echo "test.sh: '$*' done at $(($(date +%s) - started)) s"
}
step npm run lint
# Types are checked on one core while the snapshot and the build take the other (neither writes what
# tsc reads); its output is shown when it is done.
types_log="$snapshot/typecheck.log"
npm run typecheck > "$types_log" 2>&1 &
types=$!
step node tests/make-demo-snapshot.ts "$snapshot"
# Before Vitest: its site tests render the production build in process (tests/site-harness.ts).
step npm run build
types_status=0
wait "$types" || types_status=$?
cat "$types_log"
[ "$types_status" = 0 ] || exit "$types_status"
echo "test.sh: 'npm run typecheck' done at $(($(date +%s) - started)) s"
step npx vitest run
step npx playwright test
