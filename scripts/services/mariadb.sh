#!/usr/bin/env bash
# Makes a MariaDB (or MySQL) server answer on 127.0.0.1:3306 for the integration tests, and prepares it:
#   - installs mariadb-server from Debian's packages when no server is installed (apt-get; sudo when not root);
#   - starts it when nothing answers on the port (a server already running is left alone), with a binary log
#     (--log-bin, kept a day): the seed004-durable profile's sync_binlog and group-commit delay act only on it,
#     and binary logging cannot be turned on at runtime. A running server without one is named on stderr;
#     to give it one, stop it yourself and run this script again;
#   - creates the database `ycsb`, the user `ycsb_pw` (password `ycsb_pw_secret`, a test fixture) with
#     every privilege on it and the right to SET GLOBAL the two durability variables the profiles
#     change, and the user `ycsb_noadmin` (same password) without that right.
# Idempotent. One line per step on stderr.
set -euo pipefail

log() { echo "mariadb.sh: $*" >&2; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
answers() { as_root mariadb-admin --protocol=socket -uroot ping >/dev/null 2>&1 \
  || as_root mysqladmin -uroot ping >/dev/null 2>&1; }
sql() { as_root mariadb -uroot -e "$1" 2>/dev/null || as_root mysql -uroot -e "$1"; }

if ! command -v mariadbd >/dev/null 2>&1 && [ ! -x /usr/sbin/mariadbd ] && [ ! -x /usr/sbin/mysqld ]; then
  log "installing mariadb-server (apt-get)"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mariadb-server >/dev/null
fi

if answers; then
  log "server already answers"
  if [ "$(as_root mariadb -uroot -N -e 'SELECT @@GLOBAL.log_bin' 2>/dev/null \
      || as_root mysql -uroot -N -e 'SELECT @@GLOBAL.log_bin' 2>/dev/null)" = "0" ]; then
    log "it writes no binary log (log_bin is OFF): seed004-durable runs on it are not the seed's configuration; \
stop it and run this script again to start one with --log-bin"
  fi
else
  log "starting mariadbd"
  as_root mkdir -p /run/mysqld
  as_root chown mysql:mysql /run/mysqld 2>/dev/null || true
  server=/usr/sbin/mariadbd
  [ -x "$server" ] || server=/usr/sbin/mysqld
  # the binary log: sync_binlog and the group-commit delay of the seed004 profiles act only on it
  as_root start-stop-daemon --start --oknodo --background --chuid mysql --exec "$server" -- \
    --log-bin=mariadb-bin --expire-logs-days=1
  for _ in $(seq 1 30); do answers && break; sleep 1; done
  answers || { log "MariaDB does not answer"; exit 1; }
fi

log "database ycsb, users ycsb_pw and ycsb_noadmin"
sql "CREATE DATABASE IF NOT EXISTS ycsb;
  CREATE USER IF NOT EXISTS 'ycsb_pw'@'127.0.0.1' IDENTIFIED BY 'ycsb_pw_secret';
  CREATE USER IF NOT EXISTS 'ycsb_pw'@'localhost' IDENTIFIED BY 'ycsb_pw_secret';
  CREATE USER IF NOT EXISTS 'ycsb_noadmin'@'127.0.0.1' IDENTIFIED BY 'ycsb_pw_secret';
  CREATE USER IF NOT EXISTS 'ycsb_noadmin'@'localhost' IDENTIFIED BY 'ycsb_pw_secret';
  GRANT ALL ON ycsb.* TO 'ycsb_pw'@'127.0.0.1', 'ycsb_pw'@'localhost', 'ycsb_noadmin'@'127.0.0.1', 'ycsb_noadmin'@'localhost';
  GRANT SUPER ON *.* TO 'ycsb_pw'@'127.0.0.1', 'ycsb_pw'@'localhost';"
log "ready: 127.0.0.1:3306 database ycsb"
