#!/bin/sh
# Makes headless Chromium available for the browser checks of the HTML report (BrowserCheck in core's
# test-jar): installs Debian's `chromium` package with apt-get when no `chromium` is on PATH (sudo
# when not root and sudo exists). Nothing is started: each check launches its own browser.
# Idempotent: running it again changes nothing. One line on stderr saying what it did.
# POSIX sh; scripts/test runs it with bash, which is fine.
set -eu

log() { echo "chromium.sh: $*" >&2; }
as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    log "not root and no sudo; install Chromium yourself: apt-get install chromium"
    exit 1
  fi
}

if command -v chromium >/dev/null 2>&1; then
  log "already installed: $(chromium --version 2>/dev/null | head -n 1)"
  exit 0
fi

as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
command -v chromium >/dev/null 2>&1 || { log "apt-get finished but chromium is not on PATH"; exit 1; }
log "installed $(chromium --version 2>/dev/null | head -n 1) (apt-get)"
