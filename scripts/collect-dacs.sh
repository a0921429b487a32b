#!/usr/bin/env bash
# Fills a dacs/ collection with DACs (libmscordaccore.so, with the libcoreclr.so that proves their build, and the rest
# of the runtime's binaries, which MemAnalyzer reads for dumps that lack them, such as gcore's) and
# updates its index (index.tsv). MemAnalyzer itself never downloads anything; this script is the one step that may
# use the NuGet registry, and only with --nuget. See dacs/README.md. It only adds files: it never deletes a DAC.
set -euo pipefail

usage() {
    cat <<'TEXT'
usage: collect-dacs.sh [--dacs DIR] [--rid RID] [--installed] [--from RUNTIME_DIR]... [--nuget VERSION]...

  --dacs DIR         the collection to fill (default: the first folder of $MEMANALYZER_DACDIR when set, else
                     $XDG_DATA_HOME/memanalyzer/dacs, else /var/lib/memanalyzer/dacs as root,
                     else ~/.local/share/memanalyzer/dacs: the collection MemAnalyzer searches)
  --rid RID          runtime identifier to file DACs under and to restore packs for (default: linux-x64)
  --installed        import the DAC of every runtime installed here (dotnet --list-runtimes); the default without sources
  --from DIR         import from a runtime folder copied from another machine: shared/Microsoft.NETCore.App/<version>/
                     or a self-contained app's folder (it must hold libmscordaccore.so and libcoreclr.so)
  --version VERSION  the runtime version of the next --from folder, if its name is not the version
  --nuget VERSION    restore Microsoft.NETCore.App.Runtime.<rid> VERSION (e.g. 8.0.33) from the NuGet registry into the
                     NuGet packages cache (once), and import its DAC
Copies the runtime's assemblies and native libraries beside each DAC (never deleting a file).
Prints one line per imported DAC: <libcoreclr build-id> <rid> <version> <path>.
TEXT
}

# The user's collection, outside every folder an install replaces; MemAnalyzer (Dac/DacCollectionPath.cs) searches the
# same folder by the same rule.
default_collection() {
    local named="${MEMANALYZER_DACDIR:-}" first
    first="$(tr ':' '\n' <<<"$named" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//' | grep -m1 . || true)"
    if [[ -n "$first" ]]; then
        echo "$first"
    elif [[ "${XDG_DATA_HOME:-}" == /* ]]; then
        echo "$XDG_DATA_HOME/memanalyzer/dacs"
    elif [[ "$(id -u)" -eq 0 ]]; then
        echo "/var/lib/memanalyzer/dacs"
    else
        echo "${HOME:?HOME is not set: pass --dacs}/.local/share/memanalyzer/dacs"
    fi
}
dacs="$(default_collection)"
rid="linux-x64"
sources=()
next_version=""

fail() { echo "collect-dacs: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dacs) [[ $# -ge 2 ]] || fail "--dacs needs a folder"; dacs="$2"; shift 2 ;;
        --rid) [[ $# -ge 2 ]] || fail "--rid needs a runtime identifier"; rid="$2"; shift 2 ;;
        --installed) sources+=("installed:"); shift ;;
        --version) [[ $# -ge 2 ]] || fail "--version needs a version"; next_version="$2"; shift 2 ;;
        --from) [[ $# -ge 2 ]] || fail "--from needs a folder"; sources+=("from:$2|$next_version"); next_version=""; shift 2 ;;
        --nuget) [[ $# -ge 2 ]] || fail "--nuget needs a version"; sources+=("nuget:$2"); shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; fail "unknown argument '$1'" ;;
    esac
done
[[ ${#sources[@]} -gt 0 ]] || sources=("installed:")
command -v readelf >/dev/null || fail "readelf is needed to read build-ids: install binutils (apt-get install binutils)"

build_id() {
    # awk reads to the end: exiting early would kill readelf with SIGPIPE and, under pipefail, the whole script.
    readelf -n "$1" 2>/dev/null | awk '/Build ID:/ && !found { print tolower($3); found = 1 }'
}

# The product version (8.0.33) from the "@(#)Version 8.0.3326.52219" string: patch = third part / 100.
version_of_binary() {
    local file_version
    file_version="$(grep -a -o -m1 '@(#)Version [0-9.]*' "$1" | head -n1 | cut -d' ' -f2)"
    [[ -n "$file_version" ]] || return 1
    IFS=. read -r major minor build _ <<<"$file_version"
    echo "$major.$minor.$((build / 100))"
}

# Copies the runtime's own binaries (its managed assemblies and native libraries, what a dump's NT_FILE note names under
# the runtime's folder) into the DAC's folder, so MemAnalyzer can serve the images a gcore dump lacks without -bindir.
# Only adds or refreshes files of this same build: it never deletes one.
copy_binaries() {
    local target="$1"; shift
    local folder file
    for folder in "$@"; do
        [[ -d "$folder" ]] || continue
        for file in "$folder"/*.dll "$folder"/*.so; do
            [[ -f "$file" ]] || continue
            cmp -s "$file" "$target/$(basename "$file")" 2>/dev/null || cp -f "$file" "$target/"
        done
    done
}

# Copies one runtime build's DAC and libcoreclr.so into the collection, with the runtime's binaries from the further
# folders given (its managed assemblies and native libraries), and records it in the index.
import_dir() {
    local source="$1" version="$2" origin="$3"
    shift 3
    local binaries=("$source" "$@")
    local dac="$source/libmscordaccore.so" coreclr="$source/libcoreclr.so"
    [[ -f "$dac" ]] || fail "$source has no libmscordaccore.so ($origin)"
    [[ -f "$coreclr" ]] || fail "$source has no libcoreclr.so, which proves which runtime build the DAC belongs to ($origin)"
    local id
    id="$(build_id "$coreclr")"
    [[ -n "$id" ]] || fail "$coreclr has no GNU build-id"
    if [[ -z "$version" ]]; then
        version="$(basename "$(cd "$source" && pwd)")"
        [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+ ]] || version="$(version_of_binary "$coreclr")" || fail "cannot tell the version of $source: pass --version"
    fi
    local relative="$rid/$version"
    local existing="$dacs/$relative/libcoreclr.so"
    # Another build of the same version (a distribution's, say) keeps its folder; this one gets the build-id appended.
    if [[ -f "$existing" && "$(build_id "$existing")" != "$id" ]]; then
        relative="$rid/$version-${id:0:12}"
    fi
    mkdir -p "$dacs/$relative"
    if [[ "$(cd "$source" && pwd)" != "$(cd "$dacs/$relative" && pwd)" ]]; then
        cp -f "$dac" "$coreclr" "$dacs/$relative/"
        copy_binaries "$dacs/$relative" "${binaries[@]}"
    fi
    local index="$dacs/index.tsv" tmp
    tmp="$(mktemp "$dacs/.index.XXXXXX")"
    {
        echo "# libcoreclr build-id	rid	version	DAC path (relative to this folder); written by scripts/collect-dacs.sh, see README.md"
        if [[ -f "$index" ]]; then
            awk -F'\t' -v id="$id" '!/^#/ && NF == 4 && $1 != id' "$index"
        fi
        printf '%s\t%s\t%s\t%s\n' "$id" "$rid" "$version" "$relative/libmscordaccore.so"
    } >"$tmp"
    { head -n1 "$tmp"; tail -n +2 "$tmp" | sort -t'	' -k2,2 -k3,3V -k1,1; } >"$tmp.sorted"
    mv -f "$tmp.sorted" "$index"
    rm -f "$tmp"
    echo "$id $rid $version $dacs/$relative/libmscordaccore.so"
}

import_installed() {
    command -v dotnet >/dev/null || fail "dotnet is not on PATH: no installed runtimes to import"
    local found=0 name version folder
    while read -r name version folder; do
        [[ "$name" == "Microsoft.NETCore.App" ]] || continue
        folder="${folder#[}"; folder="${folder%]}"
        import_dir "$folder/$version" "$version" "installed runtime"
        found=1
    done < <(dotnet --list-runtimes)
    [[ $found -eq 1 ]] || fail "dotnet --list-runtimes lists no Microsoft.NETCore.App runtime"
}

# Restores the runtime pack once into the NuGet packages cache (a PackageDownload needs no project of that framework).
import_nuget() {
    local version="$1"
    local package="Microsoft.NETCore.App.Runtime.$rid"
    local cache="${NUGET_PACKAGES:-$HOME/.nuget/packages}"
    local native="$cache/${package,,}/$version/runtimes/$rid/native"
    if [[ ! -f "$native/libmscordaccore.so" ]]; then
        command -v dotnet >/dev/null || fail "dotnet is needed to restore $package $version"
        local work
        work="$(mktemp -d)"
        cat >"$work/restore.csproj" <<XML
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>netstandard2.0</TargetFramework><NuGetAudit>false</NuGetAudit></PropertyGroup>
  <ItemGroup><PackageDownload Include="$package" Version="[$version]" /></ItemGroup>
</Project>
XML
        if ! (cd "$work" && dotnet restore restore.csproj --nologo -v q >"$work/restore.log" 2>&1); then
            local reason
            reason="$(grep -m1 -o 'error NU[0-9]*: .*' "$work/restore.log" || tail -n1 "$work/restore.log")"
            rm -rf "$work"
            fail "the NuGet registry did not serve $package $version: $reason"
        fi
        rm -rf "$work"
        [[ -f "$native/libmscordaccore.so" ]] || fail "$package $version was restored but has no runtimes/$rid/native/libmscordaccore.so"
    fi
    # The pack keeps the managed assemblies apart from the native libraries: runtimes/<rid>/lib/<tfm>/.
    import_dir "$native" "$version" "$package $version" "$cache/${package,,}/$version/runtimes/$rid/lib"/*/
}

mkdir -p "$dacs"
dacs="$(cd "$dacs" && pwd)"
for source in "${sources[@]}"; do
    case "$source" in
        installed:) import_installed ;;
        from:*) spec="${source#from:}"; import_dir "${spec%|*}" "${spec##*|}" "copied runtime folder" ;;
        nuget:*) import_nuget "${source#nuget:}" ;;
    esac
done
