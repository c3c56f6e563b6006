#!/bin/sh
# The benchmarks' own tools (Lighthouse, autocannon: bench/package.json), which the site does not
# depend on: installed into bench/node_modules exactly as bench/package-lock.json holds them, on the
# first benchmark and again when the lock file changes; then the benchmarks' code is type-checked
# against them, which the site's `npm test` (without them) leaves out (docs/decisions/021-react-router-node-override.md).
set -e
cd "$(dirname "$0")"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
../node_modules/.bin/tsc --noEmit -p .
