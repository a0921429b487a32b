#!/usr/bin/env bash
# Installs what MemAnalyzer's tests and scripts need beyond the .NET 10 SDK: clang and zlib1g-dev (the Native AOT
# link of scripts/publish.sh, through scripts/native-toolchain.sh), gdb (gcore, for the
# native-core test), Sysinternals ProcDump for Linux, and Chromium (renders the trend report's HTML in
# the tests and in scripts/trend-screenshot.sh), capsh (libcap2-bin: the tests run MemAnalyzer without
# CAP_SYS_PTRACE) and an unprivileged user, memanalyzer-target, that runs test targets owned by another
# user; and the repository's local .NET tools (dotnet-tools.json: dotnet-dump, whose SOS is the tests' oracle). Idempotent; installs and creates only what is missing.
set -euo pipefail

if ! command -v dotnet >/dev/null 2>&1; then
  echo "error: the .NET 10 SDK is required (dotnet not found on PATH)" >&2
  exit 1
fi

missing=()
command -v gdb >/dev/null 2>&1 || missing+=(gdb)
command -v gcore >/dev/null 2>&1 || missing+=(gdb)
command -v procdump >/dev/null 2>&1 || missing+=(procdump)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ -x /usr/bin/time ] || missing+=(time)
command -v capsh >/dev/null 2>&1 || missing+=(libcap2-bin)
command -v setpriv >/dev/null 2>&1 || missing+=(util-linux)
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
"$(dirname "$0")/native-toolchain.sh"

# dotnet-dump (SOS: the tests' independent oracle for dumpheap -stat) and the other local tools of dotnet-tools.json.
(cd "$(dirname "$0")/.." && dotnet tool restore >/dev/null)

# The user that owns the "another user's process" test targets: no home, no login shell.
if ! id -u memanalyzer-target >/dev/null 2>&1; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd useradd --system --no-create-home --shell /usr/sbin/nologin memanalyzer-target
fi
