#!/usr/bin/env bash
# Throughput of workloads A and C at 64 threads for each binding, in one run on this machine.
#
# For each binding: load `recordcount` records into an empty table (16 threads), then run A and C with
# `operationcount` operations each at 64 threads. Prints ops/s, the server's average CPU (percent of one
# core) and ops per server CPU%. Servers are the local test servers of scripts/services/*.sh (their
# fixture credentials); mongodb needs a server given by YCSB_BENCH_MONGODB_URL and is left out without it.
#
# Usage: bench/bindings.sh [recordcount, default 100000] [operationcount, default 200000] [bindings...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
records=${1:-100000}
ops=${2:-200000}
shift $(( $# > 2 ? 2 : $# ))
bindings=("$@")
[ ${#bindings[@]} -gt 0 ] || bindings=(memory h2 sqlite postgres mysql jdbc ${YCSB_BENCH_MONGODB_URL:+mongodb})
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

args_for() {
  case $1 in
    postgres) echo "-p postgres.user=ycsb_pw -p postgres.password=ycsb_pw_secret" ;;
    mysql) echo "-p mysql.user=ycsb_pw -p mysql.password=ycsb_pw_secret" ;;
    jdbc) echo "-p db.url=jdbc:postgresql://127.0.0.1:5432/ycsb -p db.user=ycsb_pw -p db.passwd=ycsb_pw_secret -p cpu.server.process=postgres" ;;
    mongodb) echo "-p mongodb.url=$YCSB_BENCH_MONGODB_URL" ;;
    h2 | sqlite) echo "-p result.dir=$out" ;;
    *) echo "" ;;
  esac
}
field() { awk -F', ' -v m="[$1]" -v k="$2" '$1 == m && $2 == k {print $3; exit}' "$3"; }

printf '%-9s %-9s %12s %18s %18s\n' binding workload "ops/s" "server CPU avg %" "ops/server CPU%"
for b in "${bindings[@]}"; do
  # shellcheck disable=SC2046
  if [ "$b" != memory ]; then
    "$here/bin/ycsb" load "$b" -P "$here/workloads/workloada" -p recordcount="$records" -p droptable=true \
      -p createtable=true -threads 16 -p result.dir="$out" $(args_for "$b") > "$out/load" 2> "$out/load.err" \
      || { printf '%-9s load failed: %s\n' "$b" "$(grep '^ycsb:' "$out/load.err" | head -n 1)"; continue; }
  fi
  for w in a c; do
    # shellcheck disable=SC2046
    "$here/bin/ycsb" run "$b" -P "$here/workloads/workload$w" -p recordcount="$records" -p operationcount="$ops" \
      -threads 64 -p result.dir="$out" $(args_for "$b") > "$out/run" 2> "$out/run.err" \
      || { printf '%-9s %-9s failed: %s\n' "$b" "workload$w" "$(grep -E '^(ycsb|Error):' "$out/run.err" | head -n 1)"; continue; }
    printf '%-9s %-9s %12.0f %18s %18s\n' "$b" "workload$w" "$(field OVERALL 'Throughput(ops/sec)' "$out/run")" \
      "$(field CPU 'ServerAverage(%)' "$out/run")" "$(field CPU OpsPerServerCpuPercent "$out/run" | cut -c1-8)"
  done
done
