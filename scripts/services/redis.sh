#!/usr/bin/env bash
# Makes a Redis server answer on 127.0.0.1:6379 for the integration tests, and prepares it:
#   - installs redis-server from Debian's packages when it is missing (apt-get; sudo when not root);
#   - starts it when nothing answers on the port (a server already running is left alone);
#   - creates (or updates) the ACL user `ycsb` with the password `ycsb_redis_secret` (a test fixture) and the
#     rights the redis binding needs: reads and writes of every key, MULTI/EXEC, Lua scripts, INFO, and
#     CONFIG GET/SET/REWRITE for the durability profiles. The default user is left as it is.
# Idempotent. One line per step on stderr.
set -euo pipefail

log() { echo "redis.sh: $*" >&2; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
cli() { redis-cli -h 127.0.0.1 -p 6379 "$@"; }
answers() { [ "$(cli ping 2>/dev/null)" = "PONG" ]; }

if ! command -v redis-server >/dev/null 2>&1 || ! command -v redis-cli >/dev/null 2>&1; then
  log "installing redis-server (apt-get)"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi

if answers; then
  log "server already answers on 127.0.0.1:6379"
else
  log "starting redis-server on 127.0.0.1:6379"
  as_root mkdir -p /var/lib/redis
  if id redis >/dev/null 2>&1; then as_root chown redis:redis /var/lib/redis; owner=redis; else owner=root; fi
  as_root start-stop-daemon --start --oknodo --background --chuid "$owner" --chdir /var/lib/redis \
    --exec /usr/bin/redis-server -- --bind 127.0.0.1 --port 6379 --dir /var/lib/redis --daemonize no
  for _ in $(seq 1 30); do answers && break; sleep 1; done
  answers || { log "Redis does not answer on 127.0.0.1:6379"; exit 1; }
fi

log "ACL user ycsb"
cli ACL SETUSER ycsb reset on '>ycsb_redis_secret' '~*' '&*' +@read +@write +@transaction +@scripting \
  +@connection +select +info +config\|get +config\|set +config\|rewrite >/dev/null
[ "$(redis-cli -h 127.0.0.1 -p 6379 --user ycsb --pass ycsb_redis_secret --no-auth-warning ping)" = "PONG" ] \
  || { log "user ycsb cannot log in"; exit 1; }
log "ready: 127.0.0.1:6379 user ycsb"
