#!/bin/sh
# A throwaway PostgreSQL server for the PostgreSQL test suite.
#   postgres.sh bindir          prints the server's bin directory (fails when none is installed)
#   postgres.sh start DIR PORT [FROM_URL]
#                               creates a cluster in DIR, starts it on PORT, creates the database
#                               (a copy of the database at FROM_URL, on another server, when given)
#   postgres.sh restart DIR     restarts it as an operator would (fast: sessions are ended)
#   postgres.sh stop DIR        stops it
set -e
bindir() {
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [ -x "$dir/pg_ctl" ] && [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
  done
  return 1
}
# PostgreSQL refuses to run as root: root runs it as the postgres user.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "$1" in
  bindir) bindir ;;
  start)
    bin=$(bindir)
    dir=$2
    port=$3
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres meridian_test
    if [ -n "$4" ]; then
      "$bin/pg_dump" --no-owner "$4" | "$bin/psql" -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres -d meridian_test >/dev/null
    fi
    ;;
  restart)
    as_owner "$(bindir)/pg_ctl" -D "$2/data" -l "$2/server.log" -m fast -w restart >/dev/null
    ;;
  stop)
    as_owner "$(bindir)/pg_ctl" -D "$2/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$2"
    ;;
  *) echo "usage: postgres.sh bindir | start DIR PORT [FROM_URL] | restart DIR | stop DIR" >&2; exit 2 ;;
esac
