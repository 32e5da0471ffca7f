#!/usr/bin/env bash
# Time to steady state, and whether a short cell with warmup=auto measures the steady state.
#
# Each repeat runs, in turn:
#   1. one long run without warm-up (LONG seconds, a status line every second): the time to steady state (the
#      first second from which every 5 s moving average stays within 5% of the mean of the run's second half,
#      the steady state), that steady throughput, and the mean of the first 10 s;
#   2. one short cell as the matrices run it (warmup=auto, then SHORT measured seconds): its warm-up (seconds,
#      how it ended) and its throughput over the steady state of 1;
#   3. one long cell the same way (warmup=auto, then LONG measured seconds): its throughput, and the short
#      cell's over it.
# Then the medians and min-max over the repeats. The issue's bar: a 30 s cell within 5% of a 120 s cell.
#
# Usage: bench/warmup.sh [binding, default postgres] [workload, default workloadc] [threads, default 64]
#        [long seconds, default 120] [short seconds, default 30] [repeats, default 3]
# Extra driver arguments come from BENCH_ARGS (e.g. "-p table=usertable"). Against the local test servers of
# scripts/services/*.sh (their fixture credentials); the table must be loaded (recordcount from BENCH_RECORDS,
# default 100000): load it with `bin/ycsb load <binding> -P workloads/workloadc -p recordcount=...`.
# With the defaults a repeat takes 5 to 7 minutes.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/bench/stats.sh"
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

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "nan"; else printf "%.3f\n", a / b }'; }
warmup_of() { sed -n 's/^Warm-up done after \([0-9.]*\) s (\([a-z]*\).*/\1 \2/p' "$1" | tail -n 1; }

printf '%-6s %12s %12s %10s | %-14s %10s %7s | %-14s %10s %7s\n' repeat "steady after" "steady ops/s" \
  "first 10 s" "short warm-up" "short ops/s" "/steady" "long warm-up" "long ops/s" "short/long"
: > "$out/summary"
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
      mean = half ? s / half : 0
      f = 0; for (i = 1; i <= 10 && i <= n; i++) f += r[i]
      after = n
      for (i = n - 4; i >= 1; i--) {
        m = (r[i] + r[i + 1] + r[i + 2] + r[i + 3] + r[i + 4]) / 5
        if (m < 0.95 * mean || m > 1.05 * mean) break
        after = i - 1
      }
      printf "%d %.0f %.0f\n", after, mean, n ? f / (n < 10 ? n : 10) : 0
    }' "$out/rates")
  run -p maxexecutiontime="$short" -p warmup=auto > "$out/short.out" 2> "$out/short.err" || true
  short_ops=$(throughput "$out/short.out")
  short_warm=$(warmup_of "$out/short.err")
  run -p maxexecutiontime="$long" -p warmup=auto > "$out/cell.out" 2> "$out/cell.err" || true
  long_ops=$(throughput "$out/cell.out")
  long_warm=$(warmup_of "$out/cell.err")
  to_steady=$(ratio "$short_ops" "$steady")
  to_long=$(ratio "$short_ops" "$long_ops")
  printf '%-6s %10s s %12s %10s | %-14s %10.0f %7s | %-14s %10.0f %7s\n' "$r" "$steady_after" "$steady" \
    "$first10" "${short_warm:-none}" "${short_ops:-0}" "$to_steady" "${long_warm:-none}" "${long_ops:-0}" "$to_long"
  echo "$steady_after $steady $short_ops $long_ops $to_steady $to_long" >> "$out/summary"
done
col() { awk -v c="$1" '{ print $c }' "$out/summary" | median_spread; }
read -r m_after lo_after hi_after < <(col 1)
read -r m_steady lo_steady hi_steady < <(col 2)
read -r m_short lo_short hi_short < <(col 3)
read -r m_long lo_long hi_long < <(col 4)
read -r m_rs lo_rs hi_rs < <(col 5)
read -r m_rl lo_rl hi_rl < <(col 6)
printf 'median (min-max) over %d repeats:\n' "$repeats"
printf '  steady after %.0f s (%.0f-%.0f); steady %.0f ops/s (%.0f-%.0f)\n' "$m_after" "$lo_after" "$hi_after" \
  "$m_steady" "$lo_steady" "$hi_steady"
printf '  %s s cell %.0f ops/s (%.0f-%.0f), %s s cell %.0f ops/s (%.0f-%.0f)\n' "$short" "$m_short" "$lo_short" \
  "$hi_short" "$long" "$m_long" "$lo_long" "$hi_long"
printf '  %s s cell / steady state %.3f (%.3f-%.3f); %s s cell / %s s cell %.3f (%.3f-%.3f)\n' "$short" "$m_rs" \
  "$lo_rs" "$hi_rs" "$short" "$long" "$m_rl" "$lo_rl" "$hi_rl"
echo "steady state: mean of the long run without warm-up over its second half; steady after: first second from"
echo "which every 5 s moving average stays within 5% of it; cells: warmup=auto, then the measured seconds"
