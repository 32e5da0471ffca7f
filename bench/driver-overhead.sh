#!/usr/bin/env bash
# Driver overhead benchmark: ycsb-driver against upstream YCSB 0.17.0's own client, side by side.
#
# Both run the same CoreWorkload from the same site.ycsb:core-0.17.0 jar against the same no-op store,
# site.ycsb.BasicDB (basicdb.verbose=false), on workloads A and C at 1, 2 and 64 threads. Runs alternate
# between the two drivers and repeat; the table shows the median throughput of each and their ratio.
# Only the ratio means anything on a shared, noisy machine.
#
# Usage: bench/driver-overhead.sh [operations per run, default 10000000] [repeats, default 3]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
ops=${1:-10000000}
repeats=${2:-3}

"$here/bin/ycsb" --version >/dev/null            # builds the distribution on first use
dist=$(ls -d "$here"/distribution/target/ycsb-driver-*/ | grep -v '\.tar' | head -n 1)
cp="$dist/lib/*"
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

throughput() { sed -n 's/^\[OVERALL\], Throughput(ops\/sec), //p'; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

printf '%-9s %7s %16s %16s %7s\n' workload threads "ycsb-driver" "YCSB 0.17.0" ratio
for workload in workloada workloadc; do
  for threads in 1 2 64; do
    : > "$out/ours" ; : > "$out/upstream"
    for _ in $(seq "$repeats"); do
      common=(-P "$here/workloads/$workload" -threads "$threads" -p operationcount="$ops" -p basicdb.verbose=false)
      "$java" -cp "$cp" dev.ycsbdriver.cli.Main run -db site.ycsb.BasicDB "${common[@]}" \
        -p result.dir="$out/results" 2>/dev/null | throughput >> "$out/ours"
      "$java" -cp "$cp" site.ycsb.Client -t -db site.ycsb.BasicDB "${common[@]}" 2>/dev/null \
        | throughput >> "$out/upstream"
    done
    ours=$(median < "$out/ours"); upstream=$(median < "$out/upstream")
    printf '%-9s %7d %16.0f %16.0f %7.2f\n' "$workload" "$threads" "$ours" "$upstream" \
      "$(awk -v a="$ours" -v b="$upstream" 'BEGIN {print a / b}')"
  done
done
