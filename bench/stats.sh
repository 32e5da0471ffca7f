# Helpers shared by the bench/ scripts; sourced, not run.

# Values on stdin, one per line -> "median min max", or "- - -" when there is none.
median_spread() {
  sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) { print "- - -"; exit }
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m, v[1], v[NR] }'
}

# Operations per second from YCSB's status lines ("<date> <time> 12 sec: 123456 operations; ...") in file $2,
# between the first line at or after $1 seconds (the warm-up) and the last one; 0 when there are not two.
status_rate() {
  awk -v w="$1" '/ sec: [0-9]+ operations;/ { for (i = 1; i <= NF; i++) if ($i == "sec:") { s = $(i - 1); n = $(i + 1) }
      if (s >= w && s0 == "") { s0 = s; n0 = n } if (s > s1) { s1 = s; n1 = n } }
    END { printf "%.1f\n", (s1 > s0) ? (n1 - n0) / (s1 - s0) : 0 }' "$2"
}
