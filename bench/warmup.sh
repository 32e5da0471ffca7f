#!/usr/bin/env bash
# Time to steady state, and whether a short cell with warmup=auto measures the steady state.
#
# For each repeat: one long run without warm-up (LONG seconds, a status line every second), then one short
# cell as the matrices run it (warmup=auto, then SHORT measured seconds). From the long run it prints the
# time to steady state (the first second from which every 5 s moving average stays within 5% of the mean of
# its second half, the steady state) and that steady throughput; from the short cell, its warm-up (seconds,
# how it ended) and its throughput as a ratio to the long run's steady state. The issue's bar: a 30 s cell
# within 5% of a 120 s run's steady state.
#
# Usage: bench/warmup.sh [binding, default postgres] [workload, default workloadc] [threads, default 64]
#        [long seconds, default 120] [short seconds, default 30] [repeats, default 3]
# Extra driver arguments come from BENCH_ARGS (e.g. "-p table=usertable"). Against the local test servers of
# scripts/services/*.sh (their fixture credentials); the table must be loaded (recordcount from BENCH_RECORDS,
# default 100000): load it with `bin/ycsb load <binding> -P workloads/workloadc -p recordcount=...`.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
binding=${1:-postgres}
workload=${2:-workloadc}
threads=${3:-64}
long=${4:-120}
short=${5:-30}
repeats=${6:-3}
records=${BENCH_RECORDS:-100000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

case $binding in
  postgres) creds=(-p postgres.user=ycsb_pw -p postgres.password=ycsb_pw_secret) ;;
  mysql) creds=(-p mysql.user=ycsb_pw -p mysql.password=ycsb_pw_secret) ;;
  *) creds=() ;;
esac
# shellcheck disable=SC2206
extra=(${BENCH_ARGS:-})
run() {
  "$here/bin/ycsb" run "$binding" -P "$here/workloads/$workload" -threads "$threads" "${creds[@]}" \
    -p recordcount="$records" -p operationcount=0 -p result.dir="$out/results" "${extra[@]}" "$@"
}
throughput() { sed -n 's/^\[OVERALL\], Throughput(ops\/sec), //p' "$1"; }

printf '%-6s %14s %14s %12s | %12s %-8s %14s %7s\n' repeat "steady after" "steady ops/s" "first 10 s" \
  "auto warm-up" "ended" "30 s cell" ratio
for r in $(seq "$repeats"); do
  run -p maxexecutiontime="$long" -s -p status.interval=1 > /dev/null 2> "$out/long.err" || true
  # "<date> <time> 12 sec: 123456 operations; 10023.5 current ops/sec; ..." -> one rate per second
  awk '/ sec: .* current ops\/sec/ { for (i = 1; i <= NF; i++) if ($i == "current") print $(i - 1) }' \
    "$out/long.err" > "$out/rates"
  read -r steady_after steady first10 < <(awk '
    { r[NR] = $1 }
    END {
      n = NR; half = int(n / 2); s = 0
      for (i = n - half + 1; i <= n; i++) s += r[i]
      mean = s / half
      f = 0; for (i = 1; i <= 10 && i <= n; i++) f += r[i]
      after = n
      for (i = n - 4; i >= 1; i--) {
        m = (r[i] + r[i + 1] + r[i + 2] + r[i + 3] + r[i + 4]) / 5
        if (m < 0.95 * mean || m > 1.05 * mean) break
        after = i - 1
      }
      printf "%d %.0f %.0f\n", after, mean, f / (n < 10 ? n : 10)
    }' "$out/rates")
  run -p maxexecutiontime="$short" -p warmup=auto > "$out/short.out" 2> "$out/short.err" || true
  cell=$(throughput "$out/short.out")
  warm=$(sed -n 's/^Warm-up done after \([0-9.]*\) s (\([a-z]*\).*/\1 \2/p' "$out/short.err")
  printf '%-6s %12s s %14s %12s | %10s s %-8s %14.0f %7.3f\n' "$r" "$steady_after" "$steady" "$first10" \
    "${warm% *}" "${warm#* }" "$cell" "$(awk -v a="$cell" -v b="$steady" 'BEGIN {print a / b}')"
done
echo "steady state: mean of the long run's second half; steady after: first second from which every 5 s"
echo "moving average stays within 5% of it; ratio: the ${short} s cell (after warmup=auto) over that steady state"
