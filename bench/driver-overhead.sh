#!/usr/bin/env bash
# Driver overhead benchmark: ycsb-driver against upstream YCSB 0.17.0's own client, side by side, and the ceiling.
#
# All run the same CoreWorkload from the same site.ycsb:core-0.17.0 jar against the same no-op store,
# site.ycsb.BasicDB (basicdb.verbose=false): ycsb-driver (bin/ycsb, its shipped launcher) with its default
# workload.instances=per-thread and with workload.instances=shared (one CoreWorkload for all threads, as upstream),
# upstream's site.ycsb.Client, and bench/WorkloadCeiling.java, which calls CoreWorkload.doTransaction in a tight
# loop and measures nothing, one CoreWorkload per thread: no driver can beat it, so ceiling / upstream bounds the
# ratio any driver can reach. Each
# runs WARMUP + MEASURED seconds; throughput is counted after the warm-up, so JIT compilation is out of the figures:
# ycsb-driver's from its result (-p warmup, its [OVERALL] throughput), upstream's from its one-second status lines
# (it has no warm-up), the ceiling's from its own counter. Runs alternate and repeat; the table shows
# the medians, min-max, and the ratios. Only ratios mean anything on a shared, noisy machine.
#
# The warm-up is long because the store costs nothing: 64 client threads that never block keep both cores of a
# 2-core machine busy, HotSpot's C2 compiler thread gets a 66th of them, and CoreWorkload.doTransaction reached
# C2 13-16 s into the run (-XX:+PrintCompilation); with 10 s the figures swung tenfold between runs of C1 code.
#
# Usage: bench/driver-overhead.sh [repeats, default 3] [threads, default "64"] [workloads, default "workloada
#        workloadc"]; WARMUP (default 30) and MEASURED (default 20) seconds from the environment. About 3.5 minutes per
#        workload, thread count and repeat.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/bench/stats.sh"
repeats=${1:-3}
threads_list=${2:-64}
workloads=${3:-workloada workloadc}
warmup=${WARMUP:-30}
seconds=${MEASURED:-20}

"$here/bin/ycsb" --version >/dev/null            # builds the distribution on first use
dist=$(ls -d "$here"/distribution/target/ycsb-driver-*/ | grep -v '\.tar' | head -n 1)
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# operations per second between the first status line at or after the warm-up and the last one
steady() { printf '%.0f\n' "$(status_rate "$warmup" "$1")"; }
spread() {  # file of ops/s -> "median min-max", one sort
  local m lo hi
  read -r m lo hi < <(median_spread < "$1")
  printf '%s %.0f-%.0f\n' "$m" "$lo" "$hi"
}

printf '%-9s %7s %22s %22s %22s %22s %8s %8s %10s\n' workload threads "ycsb-driver" "shared" "YCSB 0.17.0" \
  "ceiling" "ratio" "sh/up" "ceil/up"
for workload in $workloads; do
  for threads in $threads_list; do
    : > "$out/shared"; : > "$out/perthread"; : > "$out/upstream"; : > "$out/ceiling"
    common=(-P "$here/workloads/$workload" -threads "$threads" -p recordcount=1000 -p basicdb.verbose=false
      -p operationcount=2000000000 -p maxexecutiontime=$((warmup + seconds)) -s -p status.interval=1)
    for _ in $(seq "$repeats"); do
      for instances in shared per-thread; do
        "$here/bin/ycsb" run -db site.ycsb.BasicDB -P "$here/workloads/$workload" -threads "$threads" \
          -p recordcount=1000 -p basicdb.verbose=false -p operationcount=0 -p maxexecutiontime="$seconds" \
          -p warmup="${warmup}s" -p workload.instances="$instances" -p result.dir="$out/results" 2> /dev/null \
          | sed -n 's/^\[OVERALL\], Throughput(ops\/sec), //p' >> "$out/$([ "$instances" = shared ] && echo shared || echo perthread)"
      done
      "$java" -cp "$dist/lib/*" site.ycsb.Client -t -db site.ycsb.BasicDB "${common[@]}" \
        > /dev/null 2> "$out/upstream.err" || true
      steady "$out/upstream.err" >> "$out/upstream"
      "$java" -cp "$dist/lib/*" "$here/bench/WorkloadCeiling.java" "$here/workloads/$workload" "$threads" \
        "$warmup" "$seconds" recordcount=1000 basicdb.verbose=false >> "$out/ceiling"
    done
    read -r shared shared_range < <(spread "$out/shared")
    read -r perthread perthread_range < <(spread "$out/perthread")
    read -r upstream upstream_range < <(spread "$out/upstream")
    read -r ceiling ceiling_range < <(spread "$out/ceiling")
    printf '%-9s %7d %10.0f %11s %10.0f %11s %10.0f %11s %10.0f %11s %8.2f %8.2f %10.2f\n' "$workload" "$threads" \
      "$perthread" "$perthread_range" "$shared" "$shared_range" "$upstream" "$upstream_range" \
      "$ceiling" "$ceiling_range" "$(awk -v a="$perthread" -v b="$upstream" 'BEGIN {print a / b}')" \
      "$(awk -v a="$shared" -v b="$upstream" 'BEGIN {print a / b}')" "$(awk -v a="$ceiling" -v b="$upstream" 'BEGIN {print a / b}')"
  done
done
echo "ops/s after ${warmup} s of warm-up over ${seconds} s, median and min-max of ${repeats}; ratio: ycsb-driver"
echo "(workload.instances=per-thread, the default) / YCSB 0.17.0; sh/up: ycsb-driver with workload.instances=shared /"
echo "YCSB 0.17.0; ceil/up: the ceiling (CoreWorkload alone, nothing measured) / YCSB 0.17.0, the most any driver can reach"
