#!/usr/bin/env bash
# Builds upstream YCSB 0.17.0's JDBC binding (site.ycsb.db.JdbcDBClient), which is not on Maven Central,
# for measuring only: its sources are taken from a YCSB checkout into a temporary directory outside this
# project, compiled against the site.ycsb core 0.17.0 jar this driver ships, and jarred into
#   ${XDG_CACHE_HOME:-~/.cache}/ycsb-driver/upstream/jdbc-binding-0.17.0.jar
# Nothing of upstream's enters this repository. Prints the jar's path.
#
# Usage: bench/upstream-jdbc.sh [YCSB git repository: URL or local path, default
#        https://github.com/brianfrankcooper/YCSB]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
source=${1:-https://github.com/brianfrankcooper/YCSB}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/ycsb-driver/upstream
jar=$cache/jdbc-binding-0.17.0.jar
if [ -s "$jar" ]; then
  echo "$jar"
  exit 0
fi
command -v git >/dev/null || { echo "upstream-jdbc.sh: git is needed to fetch YCSB's sources" >&2; exit 2; }
"$here/bin/ycsb" --version >/dev/null            # builds the distribution on first use
dist=$(ls -d "$here"/distribution/target/ycsb-driver-*/ | grep -v '\.tar' | head -n 1)
core=$(ls "$dist"/lib/core-0.17.0.jar)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q --bare --depth 1 --branch 0.17.0 "$source" "$work/ycsb.git" 2>/dev/null \
  || git clone -q --bare "$source" "$work/ycsb.git"
git --git-dir "$work/ycsb.git" archive 0.17.0 jdbc/src/main/java | tar -x -C "$work"
mkdir -p "$work/classes" "$cache"
javac -nowarn -d "$work/classes" -cp "$core" $(find "$work/jdbc/src/main/java" -name '*.java') 2>&1 \
  | grep -v '^Note:' >&2 || true
jar cf "$jar.tmp" -C "$work/classes" .
mv "$jar.tmp" "$jar"
echo "$jar"
