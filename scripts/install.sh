#!/usr/bin/env bash
# Installs MemAnalyzer in one command: installs the Native AOT toolchain (clang, zlib1g-dev) from Debian's packages
# when missing, publishes the native executable (scripts/publish.sh) into PREFIX/../lib/memanalyzer and puts
# PREFIX/MemAnalyzer on PATH as a link to it. PREFIX: ~/.local/bin by default, /usr/local/bin as root.
# Usage: scripts/install.sh [PREFIX]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -gt 1 ]; then
  echo "usage: scripts/install.sh [PREFIX]" >&2
  exit 2
fi
if [ $# -eq 1 ]; then
  prefix=$1
elif [ "$(id -u)" -eq 0 ]; then
  prefix=/usr/local/bin
else
  prefix="$HOME/.local/bin"
fi
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)
lib="$(dirname "$prefix")/lib/memanalyzer"
scripts/native-toolchain.sh
rm -rf "$lib"
scripts/publish.sh "$lib" >/dev/null
ln -sfn "$lib/MemAnalyzer" "$prefix/MemAnalyzer"
# Bash completion where bash-completion looks for it (PREFIX/../share/bash-completion/completions: ~/.local/share for
# the default user prefix, /usr/local/share as root), for the native binary and the dotnet tool's command name.
completions="$(dirname "$prefix")/share/bash-completion/completions"
mkdir -p "$completions"
cp scripts/memanalyzer-completion.bash "$completions/MemAnalyzer"
ln -sfn MemAnalyzer "$completions/memanalyzer"
echo "installed: $prefix/MemAnalyzer -> $lib/MemAnalyzer ($("$prefix/MemAnalyzer" --version))"
case ":$PATH:" in
  *":$prefix:"*) ;;
  *) echo "note: $prefix is not on PATH; add it, e.g. export PATH=\"$prefix:\$PATH\"" ;;
esac
