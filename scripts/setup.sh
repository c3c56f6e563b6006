#!/bin/sh
# Installs what the project needs on a fresh machine, and nothing when it is already there:
# the npm packages (Node 24 among them, as node_modules/.bin/node: node-runtime/), and with --test Debian's
# Chromium headless shell (browser tests), the Liberation fonts (the fallbacks the site's fonts are fitted to,
# as on visitors' Linux desktops: docs/decisions/030-typography.md) and PostgreSQL (the
# PostgreSQL suite) when the machine lacks them.
set -e
cd "$(dirname "$0")/.."

# `npm ci`: exactly what the lock file holds (every platform's native packages are in it), and a
# lock file that does not match package.json fails here rather than being rewritten.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
# The content editor's Decap CMS: its prebuilt bundle only, fetched once into .cache/ (service/editor/bundle.ts).
node scripts/editor-bundle.ts

if [ "$1" = "--test" ]; then
  missing=""
  [ -x /usr/bin/chromium-headless-shell ] || missing="$missing chromium-headless-shell"
  [ -f /usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf ] || missing="$missing fonts-liberation2"
  sh scripts/postgres.sh bindir >/dev/null 2>&1 || missing="$missing postgresql"
  if [ -n "$missing" ]; then
    echo "installing Debian packages:$missing"
    sudo_cmd=""
    [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends $missing
  fi
fi
