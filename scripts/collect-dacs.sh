#!/usr/bin/env bash
# Fills a dacs/ collection with the DACs (libmscordaccore.so) of .NET runtimes, each beside the libcoreclr.so whose
# build-id proves which runtime build it belongs to, and rewrites the collection's index.tsv.
#
#   scripts/collect-dacs.sh --installed                  the runtimes installed on this machine
#   scripts/collect-dacs.sh --from <folder> [--version V] a runtime folder copied from another machine
#                                                        (shared/Microsoft.NETCore.App/<version>/, or a self-contained app)
#   scripts/collect-dacs.sh --version 9.0.22 [...]       the Microsoft.NETCore.App.Runtime.<rid> pack of that version,
#                                                        restored from the NuGet registry dotnet is configured with
# Options: --dacs <dir> (default: dacs/ of this repository), --rid <rid> (default linux-x64).
# Layout written: <dacs>/<rid>/<version>/{libmscordaccore.so,libcoreclr.so}; index: "<build-id>\t<rid>/<version>/libmscordaccore.so".
# This is the only part of MemAnalyzer that fetches anything; analysis never uses the network.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
dacs="$root/dacs" rid="linux-x64"
installed=0 from=() versions=()
fail() { echo "error: $*" >&2; exit 1; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --installed) installed=1; shift ;;
        --from) from+=("${2:?--from needs a folder}"); shift 2 ;;
        --version) versions+=("${2:?--version needs a runtime version such as 9.0.22}"); shift 2 ;;
        --dacs) dacs="${2:?--dacs needs a folder}"; shift 2 ;;
        --rid) rid="${2:?--rid needs a runtime identifier}"; shift 2 ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) fail "unknown option '$1' (see $0 --help)" ;;
    esac
done
[[ $installed -eq 1 || ${#from[@]} -gt 0 || ${#versions[@]} -gt 0 ]] || fail "say what to collect: --installed, --from <folder> or --version <x.y.z> (see --help)"
command -v readelf >/dev/null || fail "readelf (binutils) is needed to read build-ids: apt-get install binutils"

build_id() { readelf -n "$1" 2>/dev/null | awk '/Build ID:/ { print $3; exit }'; }

# The product version of a runtime folder: its name, the runtime pack named in an app's deps.json,
# or libcoreclr.so's file version (major.minor.patch*100+n).
version_of() {
    local folder="$1" name
    name="$(basename "$folder")"
    if [[ "$name" =~ ^[0-9]+\.[0-9]+\.[0-9]+ ]]; then echo "$name"; return; fi
    local deps
    deps="$(grep -ho '"runtimepack.Microsoft.NETCore.App.Runtime.[^/]*/[0-9][^"]*"' "$folder"/*.deps.json 2>/dev/null | head -1 || true)"
    if [[ -n "$deps" ]]; then deps="${deps##*/}"; echo "${deps%\"}"; return; fi
    local file
    file="$(grep -a -o '@(#)Version [0-9]*\.[0-9]*\.[0-9]*' "$folder/libcoreclr.so" | head -1 | awk '{print $2}')"
    [[ -n "$file" ]] || return 1
    IFS=. read -r major minor build <<< "$file"
    echo "$major.$minor.$((build / 100))"
}

import() {
    local folder="$1" version="$2"
    [[ -f "$folder/libmscordaccore.so" && -f "$folder/libcoreclr.so" ]] || fail "$folder has no libmscordaccore.so and libcoreclr.so: give a runtime folder (shared/Microsoft.NETCore.App/<version>/ or a self-contained app)"
    local target="$dacs/$rid/$version"
    mkdir -p "$target"
    if [[ "$(readlink -f "$folder")" != "$(readlink -f "$target")" ]]; then
        cp -f "$folder/libmscordaccore.so" "$folder/libcoreclr.so" "$target/"
    fi
    echo "imported $rid/$version (libcoreclr build-id $(build_id "$target/libcoreclr.so")) from $folder"
}

if [[ $installed -eq 1 ]]; then
    dotnet_root="$(dirname "$(readlink -f "$(command -v dotnet)")")"
    for folder in "$dotnet_root"/shared/Microsoft.NETCore.App/*/; do
        import "${folder%/}" "$(basename "$folder")"
    done
fi

for folder in "${from[@]}"; do
    version="${versions[0]:-}"
    [[ ${#from[@]} -eq 1 && -n "$version" ]] || version="$(version_of "$folder")" || fail "cannot tell the runtime version of $folder: add --version <x.y.z>"
    import "$folder" "$version"
done
[[ ${#from[@]} -eq 0 ]] || versions=()

for version in "${versions[@]}"; do
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    package="Microsoft.NETCore.App.Runtime.$rid"
    cat > "$work/fetch.csproj" <<EOF
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net10.0</TargetFramework>
    <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
    <ImportDirectoryPackagesProps>false</ImportDirectoryPackagesProps>
    <ImportDirectoryBuildProps>false</ImportDirectoryBuildProps>
  </PropertyGroup>
  <ItemGroup>
    <PackageDownload Include="$package" Version="[$version]" />
  </ItemGroup>
</Project>
EOF
    packages="$work/packages"
    if ! dotnet restore "$work/fetch.csproj" --packages "$packages" -v q > "$work/restore.log" 2>&1; then
        grep -E "error" "$work/restore.log" | head -3 >&2
        fail "the registry does not serve $package $version: check the version (dotnet --list-runtimes on the dump's machine) or copy the runtime folder and use --from"
    fi
    folder="$(dirname "$(find "$packages" -name libmscordaccore.so | head -1)")"
    [[ -d "$folder" ]] || fail "$package $version holds no libmscordaccore.so"
    import "$folder" "$version"
    rm -rf "$work"
    trap - EXIT
done

# The index maps each libcoreclr build-id to its DAC, so that a lookup needs no scan.
index="$dacs/index.tsv"
: > "$index.tmp"
while IFS= read -r dac; do
    id="$(build_id "$(dirname "$dac")/libcoreclr.so")"
    [[ -n "$id" ]] && printf '%s\t%s\n' "$id" "${dac#"$dacs"/}" >> "$index.tmp"
done < <(find "$dacs" -name libmscordaccore.so | sort)
mv "$index.tmp" "$index"
echo "index: $index ($(wc -l < "$index") DACs)"
