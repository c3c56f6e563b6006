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
step node tests/make-demo-snapshot.ts "$snapshot"
step npm run typecheck
# Before Vitest: its site tests render the production build in process (tests/site-harness.ts).
step npm run build
step npx vitest run
step npx playwright test
