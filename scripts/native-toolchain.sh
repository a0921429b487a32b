#!/usr/bin/env bash
# Installs what the Native AOT link of scripts/publish.sh needs, from Debian's packages: clang and zlib1g-dev.
# Idempotent; installs only what is missing. Used by scripts/setup.sh and scripts/install.sh.
set -euo pipefail
missing=()
command -v clang >/dev/null 2>&1 || missing+=(clang)
[ -e /usr/include/zlib.h ] || missing+=(zlib1g-dev)
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
