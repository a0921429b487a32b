#!/usr/bin/env bash
# Installs MemAnalyzer in one command: installs the Native AOT toolchain (clang, zlib1g-dev) from Debian's packages
# when missing, publishes the native executable (scripts/publish.sh) into a temporary folder beside
# PREFIX/lib/memanalyzer, moves the files it published (MemAnalyzer, collect-dacs.sh) into that folder and puts
# PREFIX/bin/MemAnalyzer on PATH as a link to it, and the bash completion into PREFIX/share/bash-completion/completions.
# PREFIX is a prefix as for every installer: ~/.local by default, /usr/local as root.
# It replaces only its own files: it never deletes a folder, so whatever else is in PREFIX/lib/memanalyzer (the dacs/
# collection of an earlier install) stays, and the user's DAC collection lives elsewhere (see collect-dacs.sh).
# --published DIR installs the executable scripts/publish.sh already wrote into DIR, instead of publishing it again.
# Usage: scripts/install.sh [--published DIR] [PREFIX]
set -euo pipefail
cd "$(dirname "$0")/.."
usage() {
  echo "usage: scripts/install.sh [--published DIR] [PREFIX]" >&2
  exit 2
}
published=""
prefix=""
while [ $# -gt 0 ]; do
  case "$1" in
    --published) [ $# -ge 2 ] || usage; published=$(cd "$2" && pwd); shift 2 ;;
    -*) usage ;;
    *) [ -z "$prefix" ] || usage; prefix=$1; shift ;;
  esac
done
if [ -z "$prefix" ]; then
  if [ "$(id -u)" -eq 0 ]; then
    prefix=/usr/local
  else
    prefix="$HOME/.local"
  fi
fi
case "${prefix%/}" in
  */bin | bin)
    # Until 2026-11 the argument was the bin directory: say so rather than install into PREFIX/bin/bin.
    echo "error: scripts/install.sh takes a prefix (it installs PREFIX/bin/MemAnalyzer and PREFIX/lib/memanalyzer), not a bin directory; run:" >&2
    echo "scripts/install.sh $(dirname "${prefix%/}")" >&2
    exit 2 ;;
esac
mkdir -p "$prefix/bin"
prefix=$(cd "$prefix" && pwd)
bin="$prefix/bin"
lib="$prefix/lib/memanalyzer"
mkdir -p "$lib"
# Staged on the same file system, so that each file is replaced by a rename (a running MemAnalyzer keeps its old file).
staging=$(mktemp -d "$(dirname "$lib")/.memanalyzer-install.XXXXXX")
trap 'rm -rf "$staging"' EXIT
if [ -n "$published" ]; then
  [ -f "$published/MemAnalyzer" ] || { echo "error: $published has no MemAnalyzer: publish it with scripts/publish.sh DIR" >&2; exit 1; }
  cp "$published/MemAnalyzer" "$published/collect-dacs.sh" "$published/libduckdb.so" "$staging/"
else
  scripts/native-toolchain.sh
  scripts/publish.sh "$staging" >/dev/null
fi
for file in "$staging"/*; do
  mv -f "$file" "$lib/"
done
ln -sfn "$lib/MemAnalyzer" "$bin/MemAnalyzer"
# Bash completion where bash-completion looks for it (PREFIX/share/bash-completion/completions: ~/.local/share for
# the default user prefix, /usr/local/share as root), for the native binary and the dotnet tool's command name.
completions="$prefix/share/bash-completion/completions"
mkdir -p "$completions"
cp scripts/memanalyzer-completion.bash "$completions/MemAnalyzer"
ln -sfn MemAnalyzer "$completions/memanalyzer"
echo "installed: $bin/MemAnalyzer -> $lib/MemAnalyzer ($("$bin/MemAnalyzer" --version))"
if [ -d "$lib/dacs" ]; then
  echo "note: kept $lib/dacs, the DAC collection of an earlier install; MemAnalyzer still searches it"
fi
# Without the bash-completion package no new shell loads PREFIX/share/bash-completion/completions: say how to load it.
if [ ! -f /usr/share/bash-completion/bash_completion ] && [ ! -f /etc/bash_completion ]; then
  echo "note: the bash-completion package is not installed, so no shell loads the completion; add to ~/.bashrc: source \"$completions/MemAnalyzer\""
fi
case ":$PATH:" in
  *":$bin:"*) ;;
  *) echo "note: $bin is not on PATH; add it, e.g. export PATH=\"$bin:\$PATH\"" ;;
esac
