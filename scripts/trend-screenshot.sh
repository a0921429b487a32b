#!/usr/bin/env bash
# Renders a trend report to a PNG with headless Chromium, for people to look at:
#   scripts/trend-screenshot.sh leak.csv [out.png]
# Writes <out>.html beside the PNG. Chromium comes from scripts/setup.sh (Debian's chromium package).
set -euo pipefail
csv="${1:?usage: $0 <tracking.csv> [out.png]}"
png="${2:-${csv%.csv}-trend.png}"
html="${png%.png}.html"
root="$(cd "$(dirname "$0")/.." && pwd)"
dll="$root/MemAnalyzer/bin/Release/net10.0/MemAnalyzer.dll"
[[ -f "$dll" ]] || dotnet build "$root/MemAnalyzer/MemAnalyzer.csproj" -c Release --nologo -v q >/dev/null
command -v chromium >/dev/null || "$root/scripts/setup.sh"
dotnet "$dll" -trend "$csv" -html "$html" >/dev/null
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1000,1400 --screenshot="$png" "file://$(readlink -f "$html")" 2>/dev/null
echo "wrote $png and $html"
