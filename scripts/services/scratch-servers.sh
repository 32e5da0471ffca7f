#!/usr/bin/env bash
# Starts, or stops and removes, a PostgreSQL and a MariaDB server of this script's own, for runs that may harm
# their server: the crash tests of seed-004's matrix SIGKILL the server a store connects to. Neither touches a
# server that was already running: each gets a new data directory under DIR, its own port on 127.0.0.1 and its
# own socket directory.
#
#   scripts/services/scratch-servers.sh start DIR    # prints PGPORT=... and MYSQLPORT=... on stdout
#   scripts/services/scratch-servers.sh stop DIR     # stops both (whatever runs from DIR's data) and removes DIR
#
# Ports: YCSB_SCRATCH_PG_PORT (default 55432) and YCSB_SCRATCH_MYSQL_PORT (default 53306); start refuses a port
# that already answers. Each server has a database `ycsb` and the user `ycsb_pw` with the password
# `ycsb_pw_secret` (a test fixture, as scripts/services/postgres.sh and mariadb.sh give), with the same
# privileges for server-wide settings. MariaDB writes a binary log (--log-bin), so the seed004-durable profile's
# sync_binlog and group-commit wait act on it. Needs root (or sudo): the servers run as the postgres and mysql
# users, as the packaged ones do, so a crash test's built-in restart re-runs them as those users.
# One line per step on stderr.
set -euo pipefail

log() { echo "scratch-servers.sh: $*" >&2; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
as() { local user=$1; shift; if [ "$(id -u)" -eq 0 ]; then runuser -u "$user" -- "$@"; else sudo -u "$user" "$@"; fi; }
usage() { echo "usage: scratch-servers.sh start|stop DIR" >&2; exit 2; }

[ $# -eq 2 ] || usage
action=$1
dir=$2
pg_port=${YCSB_SCRATCH_PG_PORT:-55432}
my_port=${YCSB_SCRATCH_MYSQL_PORT:-53306}
pg_bin=/usr/lib/postgresql/$(ls /usr/lib/postgresql 2>/dev/null | sort -V | tail -n 1)/bin
my_server=/usr/sbin/mariadbd
[ -x "$my_server" ] || my_server=/usr/sbin/mysqld
answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

start() {
  [ -x "$pg_bin/postgres" ] || { log "PostgreSQL is not installed (run scripts/services/postgres.sh first)"; exit 1; }
  [ -x "$my_server" ] || { log "MariaDB is not installed (run scripts/services/mariadb.sh first)"; exit 1; }
  for p in "$pg_port" "$my_port"; do
    if answers "$p"; then log "port $p already answers: not ours, left alone; choose another"; exit 1; fi
  done
  [ ! -e "$dir" ] || { log "$dir exists: give a new directory"; exit 1; }
  as_root mkdir -p "$dir/pg" "$dir/pg-run" "$dir/mysql" "$dir/mysql-run"
  as_root chmod 755 "$dir"
  as_root chown postgres:postgres "$dir/pg" "$dir/pg-run"
  as_root chown mysql:mysql "$dir/mysql" "$dir/mysql-run"

  log "PostgreSQL: initdb in $dir/pg"
  as postgres "$pg_bin/initdb" -D "$dir/pg" -U postgres --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  log "PostgreSQL: starting on 127.0.0.1:$pg_port"
  as postgres setsid "$pg_bin/postgres" -D "$dir/pg" -p "$pg_port" -c listen_addresses=127.0.0.1 \
    -c unix_socket_directories="$dir/pg-run" >"$dir/pg-run/server.log" 2>&1 < /dev/null &
  for _ in $(seq 1 30); do "$pg_bin/pg_isready" -q -h 127.0.0.1 -p "$pg_port" && break; sleep 1; done
  "$pg_bin/pg_isready" -q -h 127.0.0.1 -p "$pg_port" || { log "PostgreSQL does not answer"; exit 1; }
  psql_su() { as postgres "$pg_bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir/pg-run" -p "$pg_port" -U postgres "$@"; }
  psql_su -d postgres -c "SET password_encryption = 'scram-sha-256'"  \
    -c "CREATE ROLE ycsb_pw LOGIN PASSWORD 'ycsb_pw_secret'" \
    -c "GRANT SET, ALTER SYSTEM ON PARAMETER fsync, synchronous_commit, commit_delay, commit_siblings,
      full_page_writes, wal_writer_delay TO ycsb_pw" \
    -c "GRANT pg_read_all_settings TO ycsb_pw" -c "CREATE DATABASE ycsb OWNER ycsb_pw"
  psql_su -d ycsb -c "ALTER SCHEMA public OWNER TO ycsb_pw" -c "GRANT EXECUTE ON FUNCTION pg_reload_conf() TO ycsb_pw"

  log "MariaDB: install-db in $dir/mysql"
  as_root mariadb-install-db --user=mysql --datadir="$dir/mysql" --auth-root-authentication-method=socket \
    >/dev/null 2>&1
  log "MariaDB: starting on 127.0.0.1:$my_port with a binary log"
  as mysql setsid "$my_server" --no-defaults --datadir="$dir/mysql" --port="$my_port" --bind-address=127.0.0.1 \
    --socket="$dir/mysql-run/mysqld.sock" --pid-file="$dir/mysql-run/mysqld.pid" --log-bin=mariadb-bin \
    --expire-logs-days=1 --log-error="$dir/mysql-run/server.log" < /dev/null >/dev/null 2>&1 &
  sql() { as_root mariadb --no-defaults -uroot --socket="$dir/mysql-run/mysqld.sock" -e "$1"; }
  for _ in $(seq 1 30); do sql "SELECT 1" >/dev/null 2>&1 && break; sleep 1; done
  sql "SELECT 1" >/dev/null 2>&1 || { log "MariaDB does not answer"; exit 1; }
  sql "CREATE DATABASE ycsb;
    CREATE USER 'ycsb_pw'@'127.0.0.1' IDENTIFIED BY 'ycsb_pw_secret';
    CREATE USER 'ycsb_pw'@'localhost' IDENTIFIED BY 'ycsb_pw_secret';
    GRANT ALL ON ycsb.* TO 'ycsb_pw'@'127.0.0.1', 'ycsb_pw'@'localhost';
    GRANT SUPER ON *.* TO 'ycsb_pw'@'127.0.0.1', 'ycsb_pw'@'localhost';"
  log "ready: PostgreSQL 127.0.0.1:$pg_port, MariaDB 127.0.0.1:$my_port (database ycsb, user ycsb_pw)"
  echo "PGPORT=$pg_port"
  echo "MYSQLPORT=$my_port"
}

stop() {
  [ -d "$dir/pg" ] || [ -d "$dir/mysql" ] || { log "$dir holds no scratch server"; exit 1; }
  # the servers running from this directory's data, whoever started them last (a crash test restarts them)
  if [ -f "$dir/pg/postmaster.pid" ]; then
    log "PostgreSQL: stopping"
    as postgres "$pg_bin/pg_ctl" -D "$dir/pg" -m fast -w -t 60 stop >/dev/null 2>&1 || true
  fi
  if [ -f "$dir/mysql-run/mysqld.pid" ]; then
    log "MariaDB: stopping"
    as_root mariadb-admin --no-defaults -uroot --socket="$dir/mysql-run/mysqld.sock" shutdown >/dev/null 2>&1 || true
    for _ in $(seq 1 60); do [ -f "$dir/mysql-run/mysqld.pid" ] || break; sleep 1; done
  fi
  log "removing $dir"
  as_root rm -rf "$dir"
}

case $action in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
