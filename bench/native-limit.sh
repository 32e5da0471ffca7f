#!/usr/bin/env bash
# The native limit per workload: ycsb-driver against the store's own benchmark tool issuing the same SQL with
# the same keys, and upstream YCSB 0.17.0's JDBC client beside them, side by side in one run.
#
# PostgreSQL: pgbench custom scripts. MariaDB/MySQL: sysbench with a Lua script (Debian package sysbench;
# installed with apt-get when missing and run as root). Per store it loads `usertable` once with
# `bin/ycsb load`, then for workloads A, B, C and F repeats, alternating the clients, a run of each with the
# same client count: a warm-up of WARMUP seconds whose operations are left out, then SECONDS measured.
#
# What the native tools issue, per operation (CoreWorkload's defaults: 10 fields of 100 bytes,
# readallfields=true, writeallfields=false):
#   read:   SELECT ycsb_key, field0, ..., field9 FROM usertable WHERE ycsb_key = ?   (as the bindings do)
#   update: UPDATE usertable SET field<0-9> = ? WHERE ycsb_key = ?   one random field, a 100-byte value
#   F's read-modify-write: the read then the update of the same key, one operation (YCSB counts it once)
# Proportions: A 50/50 read/update, B 95/5, C read only, F 50 read / 50 read-modify-write.
# Keys: YCSB names record k "user" + fnvhash64(k) (FNV-1a 64 over its 8 bytes, then Math.abs); pgbench's
# abs(hash_fnv1a(k, 0)) and the Lua script's own FNV-1a give the same names (checked on every run: a native
# read that finds no row fails the run). Distribution: CoreWorkload's scrambled zipfian draws z from a
# zipfian over 10^10 items (exponent 0.99; Gray et al., SIGMOD 1994, with YCSB's precomputed zeta) and takes
# fnvhash64(z) mod recordcount; the pgbench script and bench/ycsb-mysql.lua compute exactly that (pgbench's own
# random_zipfian needs an exponent of at least 1.001, which concentrates updates on fewer rows).
# pgbench runs one thread per client (-j = -c), as the JVM clients do: with -j 2 its two threads get two 66ths of
# a saturated two-core machine and it, not the server, sets the pace.
#
# Client CPU per operation, the same way for every client: /proc/<pid>/stat sampled inside the measured window
# (utime and stime, clock ticks of 10 ms), over the operations the client completed in that window at its
# reported rate; printed whole (user + system) and its system (kernel) part: the socket round trip and the
# scheduler that every client pays alike, one blocking connection per client thread. ycsb-driver's own
# figure (its result's DriverCpuPerOperation(us), OSHI over the whole measured window) goes to the CSV beside it.
# Upstream YCSB has no warm-up: its throughput is taken from its status lines after WARMUP seconds.
#
# Usage: bench/native-limit.sh [--store postgres|mariadb|all] [--workloads a,b,c,f] [--threads 64]
#          [--records 100000] [--seconds 60] [--warmup 30] [--repeats 3] [--clients driver,native,upstream]
#          [--ycsb-source <YCSB git repository for bench/upstream-jdbc.sh>] [--profile]
# --profile: also records the whole machine with Linux perf (Debian: linux-perf; root, or
# kernel.perf_event_paranoid <= 0) while each client runs, 499 samples per second with call chains, takes the
# client's samples of its measured window (perf on the wall clock, the window's pid and times from sample_cpu),
# and splits its CPU per operation by where it went: the kernel's send (write/sendto: on loopback the sender's
# syscall also delivers the segment and wakes the server), its wait (poll/select/epoll/futex, the context switches of a blocking client), its receive
# (read/recv), the rest of the kernel (interrupts, scheduling outside those calls), the client's own code (Java,
# compiled or interpreted, and the JDK's native I/O; pgbench or sysbench with libpq or the MySQL client
# library), the JVM's runtime (libjvm: JIT compilers, GC, safepoints) and libc. Each part is its share of the
# perf samples times the client's /proc CPU per operation, so the parts add up to the figure of the main table.
# Defaults take about 4 workloads x 3 repeats x 3 clients x 90 s = 54 minutes per store. The local test
# servers of scripts/services/*.sh (user ycsb_pw, database ycsb) unless BENCH_PG_HOST/PORT/USER/PASSWORD/DB
# and BENCH_MYSQL_HOST/PORT/USER/PASSWORD/DB say otherwise. A CSV of every run is written; its path is printed.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/bench/stats.sh"
store=all workloads=a,b,c,f threads=64 records=100000 seconds=60 warmup=30 repeats=3
clients=driver,native,upstream ycsb_source= profile=
while [ $# -gt 0 ]; do
  case $1 in
    --store) store=$2 ;; --workloads) workloads=$2 ;; --threads) threads=$2 ;; --records) records=$2 ;;
    --seconds) seconds=$2 ;; --warmup) warmup=$2 ;; --repeats) repeats=$2 ;; --clients) clients=$2 ;;
    --ycsb-source) ycsb_source=$2 ;;
    --profile) profile=1; shift; continue ;;
    *) echo "native-limit.sh: unknown option $1 (see the usage at the top of the script)" >&2; exit 2 ;;
  esac
  shift 2
done
[ "$seconds" -ge 5 ] || { echo "native-limit.sh: --seconds must be at least 5" >&2; exit 2; }
if [ -n "$profile" ]; then
  command -v perf >/dev/null || { echo "native-limit.sh: --profile needs perf (Debian: apt-get install linux-perf)" >&2; exit 2; }
  perf record -q -a -F 99 -o /dev/null -- true 2>/dev/null \
    || { echo "native-limit.sh: --profile: perf cannot record here (run as root, or sysctl kernel.perf_event_paranoid=0)" >&2; exit 2; }
fi

pg_host=${BENCH_PG_HOST:-127.0.0.1} pg_port=${BENCH_PG_PORT:-5432} pg_user=${BENCH_PG_USER:-ycsb_pw}
pg_password=${BENCH_PG_PASSWORD:-ycsb_pw_secret} pg_db=${BENCH_PG_DB:-ycsb}
my_host=${BENCH_MYSQL_HOST:-127.0.0.1} my_port=${BENCH_MYSQL_PORT:-3306} my_user=${BENCH_MYSQL_USER:-ycsb_pw}
my_password=${BENCH_MYSQL_PASSWORD:-ycsb_pw_secret} my_db=${BENCH_MYSQL_DB:-ycsb}

"$here/bin/ycsb" --version >/dev/null            # builds the distribution on first use
dist=$(ls -d "$here"/distribution/target/ycsb-driver-*/ | grep -v '\.tar' | head -n 1)
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
out=$(mktemp -d)
csv=${TMPDIR:-/tmp}/native-limit-$(date +%Y%m%d-%H%M%S).csv
trap 'rm -rf "$out"' EXIT
echo "store,workload,client,repeat,ops_per_sec,client_cpu_us_per_op,client_sys_us_per_op,driver_result_cpu_us_per_op" > "$csv"
parts="send wait receive kernel_other client_code jvm_runtime libc other"
profile_csv=${csv%.csv}-profile.csv
if [ -n "$profile" ]; then
  echo "store,workload,client,repeat,samples,${parts// /_share,}_share" > "$profile_csv"
  mkfifo "$out/perf.ctl" "$out/perf.ack"
fi

upstream_jar=
if [[ ,$clients, == *,upstream,* ]]; then
  if upstream_jar=$("$here/bench/upstream-jdbc.sh" ${ycsb_source:+"$ycsb_source"} 2>"$out/upstream-build.err"); then
    :
  else
    echo "native-limit.sh: upstream YCSB's JDBC binding could not be built ($(tail -n 1 "$out/upstream-build.err")); left out" >&2
    upstream_jar=
  fi
fi

# sleeps and reads without starting a process: on a saturated machine starting one (sleep, awk, grep) took
# seconds, which moved the CPU readings off their window
exec {pause_fd}<> <(:)
pause() {  # seconds: a read of a pipe nobody writes to, given up after that long
  read -rt "$1" -u "$pause_fd" || :
}
has_line() {  # file prefix -> whether a line of the file starts with prefix
  local l
  { while IFS= read -r l; do [[ $l == "$2"* ]] && return 0; done < "$1"; } 2>/dev/null
  return 1
}
read_ticks() {  # pid -> sets T_USER and T_SYS (clock ticks of 10 ms); fails when it is gone
  local line f
  { read -r line < "/proc/$1/stat"; } 2>/dev/null || return 1
  line=${line##*) }
  read -ra f <<< "$line"
  T_USER=${f[11]} T_SYS=${f[12]}
}
perf_start() {  # with --profile: perf records the whole machine on the wall clock until the client has ended
  [ -n "$profile" ] || return 0
  rm -f "$out/perf.data" "$out/perf.window"
  perf record -q -a -k realtime --control "fifo:$out/perf.ctl,$out/perf.ack" -F 499 -g -o "$out/perf.data" \
    > /dev/null 2>&1 &
  perf_pid=$!
  exec {perf_ctl}<> "$out/perf.ctl" {perf_ack}<> "$out/perf.ack"
  # ready when it answers: on a saturated machine perf took seconds to start
  echo enable >&"$perf_ctl"
  read -rt 30 -u "$perf_ack" || echo "native-limit.sh: perf did not answer in 30 s; its profile may be short" >&2
}
perf_stop() {  # after the client ended: perf writes its file
  [ -n "$profile" ] || return 0
  kill -INT "$perf_pid" 2>/dev/null || :
  wait "$perf_pid" 2>/dev/null || :
  exec {perf_ctl}>&- {perf_ack}>&-
}
sample_cpu() {  # pid start-delay window -> "total system micros": ticks used in the window and its real length
  local pid=$1 u1 s1 t1 t2
  pause "$2"
  read_ticks "$pid" || return 0
  u1=$T_USER s1=$T_SYS t1=$EPOCHREALTIME
  pause "$3"
  # a process that ended before the second reading gives no figure rather than a wrong one
  read_ticks "$pid" || return 0
  t2=$EPOCHREALTIME
  # with --profile, the client's samples of the same window are taken from perf's record
  [ -z "$profile" ] || echo "$pid $t1 $t2" > "$out/perf.window"
  if [ $((T_USER + T_SYS)) -gt $((u1 + s1)) ]; then
    echo $((T_USER + T_SYS - u1 - s1)) $((T_SYS - s1)) $((${t2/./} - ${t1/./}))
  fi
}
per_op() {  # ops/s "total system micros" from sample_cpu -> "total-us/op system-us/op", or nothing
  awk -v t="$1" -v used="${2:-0}" -v sys="${3:-0}" -v micros="${4:-0}" 'BEGIN {
    if (t > 0 && used > 0 && micros > 0) printf "%.1f %.1f\n", used * 1e10 / (t * micros), sys * 1e10 / (t * micros) }'
}
profile_shares() {  # perf.data "pid start end" file -> "samples share..." of that process in that window (in the
  # order of $parts), or nothing
  [ -s "$1" ] && [ -s "$2" ] || return 0
  local pid t1 t2
  read -r pid t1 t2 < "$2"
  perf script -i "$1" --pid "$pid" --time "$t1,$t2" -F comm,ip,sym,dso 2>/dev/null | awk -v parts="$parts" '
    function flush() {
      if (!n) return
      if (kernel) {
        if (chain ~ /sys_write|sys_sendto|sys_sendmsg|sys_writev/) c = "send"
        else if (chain ~ /do_sys_poll|do_select|ep_poll|epoll_wait|futex/) c = "wait"
        else if (chain ~ /sys_read|sys_recvfrom|sys_recvmsg|sys_readv/) c = "receive"
        else c = "kernel_other"
      } else if (leaf ~ /libjvm\.so/) c = "jvm_runtime"
      else if (leaf ~ /\/libc[.-]/) c = "libc"
      else if (leaf ~ /\[unknown\]|perf-[0-9]+\.map|\[JIT\]|libnio|libnet|libjava|libpq|libmysql|libmariadb|pgbench|sysbench|luajit|libm[.-]|\[vdso\]/) c = "client_code"
      else c = "other"
      count[c]++; total++; n = 0; chain = ""
    }
    NF == 0 { flush(); next }
    !/^\t/ { flush(); next }             # a sample'"'"'s first line: the thread name; its frames start with a tab
    { if (!n) { leaf = $0; kernel = ($0 ~ /kernel\.kallsyms|\[kernel\./) } n++; chain = chain " " $0 }
    END { flush(); if (!total) exit
      split(parts, p, " "); line = total; for (i = 1; i in p; i++) line = line sprintf(" %.4f", count[p[i]] / total)
      print line }'
}

# --- the clients ------------------------------------------------------------------------------------------
run_driver() {  # binding workload -> "ops/s us/op sys-us/op result-us/op"
  local binding=$1 w=$2 creds pid used line
  if [ "$binding" = postgres ]; then
    creds=(-p postgres.url="jdbc:postgresql://$pg_host:$pg_port/$pg_db" -p postgres.user="$pg_user" -p postgres.password="$pg_password")
  else
    creds=(-p mysql.url="jdbc:mysql://$my_host:$my_port/$my_db" -p mysql.user="$my_user" -p mysql.password="$my_password")
  fi
  # emptied here, not by the redirection below: that runs in the background child, and the wait for "Warm-up done"
  # could read the previous run's file before the child truncated it, placing the window at the launch (every run
  # but the first: its CPU per operation then took in start-up and JIT compilation, up to 1.5 times the real one)
  : > "$out/driver.err"
  # bin/ycsb execs the JVM: $! is the driver's own process
  "$here/bin/ycsb" run "$binding" -P "$here/workloads/workload$w" -threads "$threads" "${creds[@]}" \
    -p recordcount="$records" -p operationcount=0 -p maxexecutiontime="$seconds" -p warmup="${warmup}s" \
    -p result.dir="$out/results" > "$out/driver.out" 2> "$out/driver.err" &
  pid=$!
  # the window starts 2 s into the measured time, dated by the driver's own "Warm-up done" line: connecting 64
  # clients takes seconds, and a window counted from the launch took in the warm-up's end and the CPU sampler's start
  until has_line "$out/driver.err" 'Warm-up done' || ! kill -0 "$pid" 2>/dev/null; do pause 0.1; done
  used=$(sample_cpu "$pid" 2 "$((seconds - 4))")
  wait "$pid" || true
  read -r line < <(awk -F', ' '$1 == "[OVERALL]" && $2 == "Throughput(ops/sec)" { t = $3 }
    $1 == "[CPU]" && $2 == "DriverCpuPerOperation(us)" { c = $3 } END { print t + 0, c }' "$out/driver.out")
  local ops=${line%% *} own=${line#* }
  local cpu; cpu=$(per_op "$ops" $used)
  echo "$ops ${cpu:-- -} $own"
}

run_upstream() {  # url driver-class user password workload -> "ops/s us/op sys-us/op -"
  local url=$1 class=$2 user=$3 password=$4 w=$5 pid used
  "$java" -cp "$dist/lib/*:$dist/bindings/postgres/lib/*:$dist/bindings/mysql/lib/*:$upstream_jar" site.ycsb.Client -t \
    -db site.ycsb.db.JdbcDBClient -P "$here/workloads/workload$w" -threads "$threads" -s -p status.interval=1 \
    -p db.driver="$class" -p db.url="$url" -p db.user="$user" -p db.passwd="$password" \
    -p recordcount="$records" -p operationcount=2000000000 -p maxexecutiontime=$((warmup + seconds)) \
    > "$out/upstream.out" 2> "$out/upstream.err" &
  pid=$!
  used=$(sample_cpu "$pid" "$((warmup + 1))" "$((seconds - 2))")
  wait "$pid" || true
  # "<date> <time> 12 sec: 123456 operations; ...": operations counted from the first line at or after the
  # warm-up to the last one before the end
  local ops cpu
  ops=$(status_rate "$warmup" "$out/upstream.err")
  cpu=$(per_op "$ops" $used)
  echo "$ops ${cpu:-- -} -"
}

run_pgbench() {  # workload -> "ops/s us/op sys-us/op -"; fails when a read finds no row
  local w=$1 pid used script=$out/pg-$1.sql
  pg_script "$w" > "$script"
  PGPASSWORD=$pg_password pgbench -h "$pg_host" -p "$pg_port" -U "$pg_user" -n -M prepared -c "$threads" \
    -j "$threads" -T "$warmup" -f "$script" "$pg_db" > /dev/null 2>&1 || true
  PGPASSWORD=$pg_password pgbench -h "$pg_host" -p "$pg_port" -U "$pg_user" -n -M prepared -c "$threads" \
    -j "$threads" -T "$seconds" -f "$script" "$pg_db" > "$out/pgbench.out" 2>&1 &
  pid=$!
  used=$(sample_cpu "$pid" 1 "$((seconds - 4))")
  wait "$pid" || { echo "native-limit.sh: pgbench failed: $(grep -m1 -i error "$out/pgbench.out")" >&2; exit 1; }
  local ops cpu
  ops=$(awk '/^tps = / { t = $3 } END { printf "%.1f\n", t }' "$out/pgbench.out")
  cpu=$(per_op "$ops" $used)
  echo "$ops ${cpu:-- -} -"
}

pg_script() {  # the pgbench script of workload $1: names keys as YCSB does, fails a read that finds no row
  local read_share
  case $1 in a) read_share=50 ;; b) read_share=95 ;; c) read_share=100 ;; f) read_share=50 ;; esac
  # YCSB's zipfian over 10^10 items, exponent 0.99: zeta(10^10) precomputed as YCSB does; alpha = 1 / (1 - 0.99)
  local eta
  eta=$(awk 'BEGIN { zetan = 26.46902820178302; zeta2 = 1 + 0.5 ^ 0.99
    printf "%.17g", (1 - (2 / 1e10) ^ 0.01) / (1 - zeta2 / zetan) }')
  cat <<EOF
\\set u random(0, 999999999999) / 1000000000000.0
\\set z case when :u * 26.46902820178302 < 1.0 then 0 when :u * 26.46902820178302 < 1.0 + pow(0.5, 0.99) then 1 else int(10000000000.0 * pow($eta * :u - $eta + 1.0, 100.0)) end
\\set k abs(hash_fnv1a(:z, 0)) % $records
\\set h abs(hash_fnv1a(:k, 0))
\\set op random(1, 100)
\\set f random(0, 9)
\\if :op <= $read_share
SELECT ycsb_key, field0, field1, field2, field3, field4, field5, field6, field7, field8, field9 FROM usertable WHERE ycsb_key = 'user' || :h \\gset found_
\\else
EOF
  if [ "$1" = f ]; then
    echo "SELECT ycsb_key, field0, field1, field2, field3, field4, field5, field6, field7, field8, field9 FROM usertable WHERE ycsb_key = 'user' || :h \\gset found_"
  fi
  for i in 0 1 2 3 4 5 6 7 8 9; do
    [ "$i" = 0 ] && echo "\\if :f = 0" || echo "\\elif :f = $i"
    echo "UPDATE usertable SET field$i = '$(printf '%0100d' "$i" | tr 0 v)' WHERE ycsb_key = 'user' || :h"
  done
  echo '\endif'
  echo '\endif'
}

run_sysbench() {  # workload -> "ops/s us/op sys-us/op -"
  local w=$1 pid used
  local common=(--db-driver=mysql --mysql-host="$my_host" --mysql-port="$my_port" --mysql-user="$my_user"
    --mysql-password="$my_password" --mysql-db="$my_db" --threads="$threads" --workload="$w" --records="$records")
  sysbench "$here/bench/ycsb-mysql.lua" "${common[@]}" --time="$warmup" run > /dev/null 2>&1 || true
  sysbench "$here/bench/ycsb-mysql.lua" "${common[@]}" --time="$seconds" run > "$out/sysbench.out" 2>&1 &
  pid=$!
  used=$(sample_cpu "$pid" 1 "$((seconds - 4))")
  wait "$pid" || { echo "native-limit.sh: sysbench failed: $(grep -m1 -i -E 'fatal|error' "$out/sysbench.out")" >&2; exit 1; }
  local ops cpu
  ops=$(awk '/transactions:/ { gsub(/[()]/, "", $3); t = $3 } END { printf "%.1f\n", t }' "$out/sysbench.out")
  cpu=$(per_op "$ops" $used)
  echo "$ops ${cpu:-- -} -"
}

# --- the stores -------------------------------------------------------------------------------------------
load() {  # binding
  local creds
  if [ "$1" = postgres ]; then
    PGPASSWORD=$pg_password psql -h "$pg_host" -p "$pg_port" -U "$pg_user" -d "$pg_db" -qtAc 'select 1' > /dev/null \
      || { echo "native-limit.sh: cannot reach PostgreSQL at $pg_host:$pg_port as $pg_user" >&2; return 3; }
    creds=(-p postgres.url="jdbc:postgresql://$pg_host:$pg_port/$pg_db" -p postgres.user="$pg_user" -p postgres.password="$pg_password" -p postgres.batchsize=500)
  else
    creds=(-p mysql.url="jdbc:mysql://$my_host:$my_port/$my_db" -p mysql.user="$my_user" -p mysql.password="$my_password" -p mysql.batchsize=500)
  fi
  "$here/bin/ycsb" load "$1" -P "$here/workloads/workloada" -threads 8 -p recordcount="$records" \
    -p createtable=true -p droptable=true -p result.dir="$out/results" "${creds[@]}" > "$out/load.out" 2> "$out/load.err" \
    || { echo "native-limit.sh: loading $1 failed: $(grep -m1 -i -E 'error|cannot|fail' "$out/load.err")" >&2; return 3; }
  if [ "$1" = postgres ]; then
    PGPASSWORD=$pg_password psql -h "$pg_host" -p "$pg_port" -U "$pg_user" -d "$pg_db" -qc 'VACUUM ANALYZE usertable'
  else
    MYSQL_PWD=$my_password mariadb -h "$my_host" -P "$my_port" -u "$my_user" "$my_db" -e 'ANALYZE TABLE usertable' > /dev/null
  fi
}

bench_store() {  # postgres|mariadb
  local s=$1 binding native w r c line ops cpu sys own
  if [ "$s" = postgres ]; then
    binding=postgres native=pgbench
    command -v pgbench >/dev/null || { echo "native-limit.sh: pgbench not found (Debian: postgresql-client)" >&2; return 2; }
  else
    binding=mysql native=sysbench
    if ! command -v sysbench >/dev/null; then
      if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get install -y -qq sysbench > /dev/null 2>&1 || true
      fi
      command -v sysbench >/dev/null || { echo "native-limit.sh: sysbench not found (Debian: apt-get install sysbench)" >&2; return 2; }
    fi
  fi
  load "$binding" || return $?
  for w in ${workloads//,/ }; do
    for r in $(seq "$repeats"); do
      for c in ${clients//,/ }; do
        perf_start
        case $c in
          driver) line=$(run_driver "$binding" "$w") ;;
          native) if [ "$s" = postgres ]; then line=$(run_pgbench "$w"); else line=$(run_sysbench "$w"); fi ;;
          upstream)
            [ -n "$upstream_jar" ] || { perf_stop; continue; }
            if [ "$s" = postgres ]; then
              line=$(run_upstream "jdbc:postgresql://$pg_host:$pg_port/$pg_db" org.postgresql.Driver "$pg_user" "$pg_password" "$w")
            else
              line=$(run_upstream "jdbc:mysql://$my_host:$my_port/$my_db" com.mysql.cj.jdbc.Driver "$my_user" "$my_password" "$w")
            fi ;;
          *) echo "native-limit.sh: unknown client $c" >&2; exit 2 ;;
        esac
        perf_stop
        [ "$c" = native ] && c=$native
        read -r ops cpu sys own <<< "$line"
        [ "$cpu" != - ] || cpu=
        [ "$sys" != - ] || sys=
        [ "$own" != - ] || own=
        echo "$s,workload$w,$c,$r,$ops,$cpu,$sys,$own" >> "$csv"
        if [ -n "$profile" ]; then
          local shares; shares=$(profile_shares "$out/perf.data" "$out/perf.window")
          [ -z "$shares" ] || echo "$s,workload$w,$c,$r,${shares// /,}" >> "$profile_csv"
        fi
      done
    done
  done
  printf '\n%s (%d threads, %d records, %d s measured after %d s of warm-up, %d repeats)\n' "$s" "$threads" \
    "$records" "$seconds" "$warmup" "$repeats"
  printf '%-10s %-12s %12s %21s %9s %14s %11s\n' workload client "ops/s" "min-max" "/native" "client us/op" "system us/op"
  for w in ${workloads//,/ }; do
    read -r limit _ < <(awk -F, -v s="$s" -v w="workload$w" -v c="$native" '$1 == s && $2 == w && $3 == c { print $5 }' "$csv" | median_spread)
    for c in driver "$native" upstream; do
      read -r med lo hi < <(awk -F, -v s="$s" -v w="workload$w" -v c="$c" '$1 == s && $2 == w && $3 == c { print $5 }' "$csv" | median_spread)
      [ "$med" != - ] || continue
      read -r cpu _ < <(awk -F, -v s="$s" -v w="workload$w" -v c="$c" '$1 == s && $2 == w && $3 == c && $6 != "" { print $6 }' "$csv" | median_spread)
      read -r sys _ < <(awk -F, -v s="$s" -v w="workload$w" -v c="$c" '$1 == s && $2 == w && $3 == c && $7 != "" { print $7 }' "$csv" | median_spread)
      [ "$c" = upstream ] && label="YCSB 0.17.0" || label=$c
      [ "$c" = driver ] && label=ycsb-driver
      printf '%-10s %-12s %12.0f %10.0f-%-10.0f %9s %14s %11s\n' "workload$w" "$label" "$med" "$lo" "$hi" \
        "$(awk -v a="$med" -v b="$limit" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }')" "$cpu" "$sys"
    done
  done
  [ -n "$profile" ] && print_profile "$s"
  return 0
}

print_profile() {  # store: the client CPU per operation of every run split by the perf shares, medians per part
  printf '\nclient CPU per operation by where it went (perf over the measured window; us/op, medians over the repeats)\n'
  printf '%-10s %-12s %6s %7s | %6s %6s %7s %6s | %6s %7s %6s %6s\n' workload client total samples send wait \
    receive k-other code runtime libc other
  local w c label
  for w in ${workloads//,/ }; do
    for c in driver "$native" upstream; do
      # per repeat: part = share x that run's /proc CPU per operation; then the median of each part
      awk -F, -v s="$1" -v w="workload$w" -v c="$c" 'NR == FNR { if ($1 == s && $2 == w && $3 == c && $6 != "")
          cpu[$4] = $6; next }
        $1 == s && $2 == w && $3 == c && ($4 in cpu) { printf "%s %s", cpu[$4], $5
          for (i = 6; i <= NF; i++) printf " %.2f", $i * cpu[$4]; printf "\n" }' "$csv" "$profile_csv" > "$out/parts"
      [ -s "$out/parts" ] || continue
      local cols=() i med
      for i in $(seq 1 10); do
        read -r med _ < <(awk -v i="$i" '{ print $i }' "$out/parts" | median_spread)
        cols+=("$med")
      done
      label=$c; [ "$c" = driver ] && label=ycsb-driver; [ "$c" = upstream ] && label="YCSB 0.17.0"
      printf '%-10s %-12s %6.1f %7.0f | %6.1f %6.1f %7.1f %6.1f | %6.1f %7.1f %6.1f %6.1f\n' "workload$w" "$label" "${cols[@]}"
    done
  done
}

case $store in
  postgres) bench_store postgres ;;
  mariadb | mysql) bench_store mariadb ;;
  all) bench_store postgres; bench_store mariadb ;;
  *) echo "native-limit.sh: --store must be postgres, mariadb or all, got $store" >&2; exit 2 ;;
esac
echo
echo "medians over the repeats, min-max beside them; /native: ratio to the native tool's median; client us/op:"
echo "client CPU time per operation (user + system, /proc over the measured window, the same for every client);"
echo "system us/op: its kernel part. The CSV also has ycsb-driver's own figure (its result's DriverCpuPerOperation)."
echo "every run: $csv"
[ -z "$profile" ] || echo "perf shares of every run: $profile_csv"
