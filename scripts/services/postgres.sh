#!/usr/bin/env bash
# Makes a PostgreSQL server answer on 127.0.0.1:5432 for the integration tests, and prepares it:
#   - installs PostgreSQL from Debian's packages when it is missing (apt-get; sudo when not root);
#   - starts the cluster when nothing answers on the port (a server already running is left alone);
#   - creates the role `ycsb_pw` (password `ycsb_pw_secret`, a test fixture) and the database `ycsb`
#     it owns, with its schema and tables;
#   - lets ycsb_pw change, server-wide, the settings the binding's postgres.system.* keys name (the seed004
#     profiles): ALTER SYSTEM and SET on those parameters (PostgreSQL 15+), EXECUTE on pg_reload_conf(), and
#     pg_read_all_settings, so the binding can tell which values come from postgresql.auto.conf;
#   - puts a pg_hba.conf line that asks ycsb_pw for its password over TCP on loopback before the
#     other host lines, so a wrong-password test fails the way it would on a real server even where
#     loopback is `trust`.
# Idempotent: running it again changes nothing. One line per step on stderr.
set -euo pipefail

port=5432
log() { echo "postgres.sh: $*" >&2; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
as_postgres() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi; }
answers() { pg_isready -q -h 127.0.0.1 -p "$port" 2>/dev/null; }
psql_su() { as_postgres psql -X -q -v ON_ERROR_STOP=1 -p "$port" "$@"; }

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  log "installing PostgreSQL (apt-get)"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi

version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)
if [ -z "$version" ]; then
  log "no cluster found; creating one"
  version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
  as_root pg_createcluster "$version" main >/dev/null
fi
hba=/etc/postgresql/$version/main/pg_hba.conf

if answers; then
  log "server already answers on 127.0.0.1:$port"
else
  log "starting cluster $version/main"
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do answers && break; sleep 1; done
  answers || { log "PostgreSQL does not answer on 127.0.0.1:$port"; exit 1; }
fi

log "role ycsb_pw with a password"
psql_su -c "DO \$\$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'ycsb_pw') THEN CREATE ROLE ycsb_pw LOGIN; END IF;
END \$\$;"
psql_su -c "SET password_encryption = 'scram-sha-256'; ALTER ROLE ycsb_pw PASSWORD 'ycsb_pw_secret'"

# GRANT is idempotent; ON PARAMETER needs PostgreSQL 15+, older servers need a superuser for ALTER SYSTEM
log "privileges of ycsb_pw for the server-wide settings of the postgres.system.* keys"
if [ "$(psql_su -tA -c "SHOW server_version_num")" -ge 150000 ]; then
  psql_su -c "GRANT SET, ALTER SYSTEM ON PARAMETER fsync, synchronous_commit, commit_delay, commit_siblings,
    full_page_writes, wal_writer_delay TO ycsb_pw"
fi
psql_su -c "GRANT pg_read_all_settings TO ycsb_pw"

if [ "$(psql_su -tA -c "SELECT 1 FROM pg_database WHERE datname = 'ycsb'")" != 1 ]; then
  log "creating database ycsb"
  psql_su -c "CREATE DATABASE ycsb OWNER ycsb_pw"
fi
# ycsb_pw owns the database, its public schema and every table in it, so the tests can drop and
# create tables whoever made them before
psql_su -c "ALTER DATABASE ycsb OWNER TO ycsb_pw"
psql_su -d ycsb -c "ALTER SCHEMA public OWNER TO ycsb_pw"
# a function's privileges live in each database's catalog: the driver calls pg_reload_conf() in ycsb
psql_su -d ycsb -c "GRANT EXECUTE ON FUNCTION pg_reload_conf() TO ycsb_pw"
psql_su -d ycsb -c "DO \$\$ DECLARE t record; BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tableowner <> 'ycsb_pw' LOOP
    EXECUTE format('ALTER TABLE public.%I OWNER TO ycsb_pw', t.tablename);
  END LOOP;
END \$\$;"

line="host all ycsb_pw 127.0.0.1/32 scram-sha-256"
if ! as_root grep -qxF "$line" "$hba"; then
  log "asking ycsb_pw for its password in $hba"
  tmp=$(mktemp)
  # before the first host line, so it wins over a `trust` line for everyone
  as_root awk -v l="$line" '!done && /^host/ {print l; done=1} {print} END {if (!done) print l}' "$hba" > "$tmp"
  as_root cp "$tmp" "$hba"
  rm -f "$tmp"
  psql_su -c "SELECT pg_reload_conf()" >/dev/null
fi
log "ready: 127.0.0.1:$port database ycsb"
