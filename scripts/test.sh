#!/bin/sh
# Every test: lint, types, unit and API tests (SQLite and PostgreSQL), the build, browser tests.
set -e
cd "$(dirname "$0")/.."

pg_dir=$(mktemp -d /tmp/meridian-pg.XXXXXX)
pg_port=${TEST_PG_PORT:-54329}
trap 'sh scripts/postgres.sh stop "$pg_dir"' EXIT INT TERM
sh scripts/postgres.sh start "$pg_dir" "$pg_port"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/meridian_test"

npm run lint
npm run typecheck
npx vitest run
npm run build
npx playwright test
