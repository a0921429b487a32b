# Bash completion for MemAnalyzer (installed by scripts/install.sh beside the binary's share/ directory).
# Switches come from the binary's own --help, so they always match the installed version; values where they are few:
# files, directories (-dacdir, -bindir), units, generations, attach modes, formats, and the pids of `MemAnalyzer -ps`.
# Without the bash-completion package, load it from ~/.bashrc: source PREFIX/share/bash-completion/completions/MemAnalyzer
_memanalyzer() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
  local tool=${COMP_WORDS[0]}
  local IFS=$'\n'
  case "$prev" in
    -f|--file|-f2|--file2|-o|--output|-trend|--trend|-html|--html|-resultfile|--result-file)
      COMPREPLY=($(compgen -f -- "$cur")); return ;;
    -dacdir|--dac-dir|-bindir|--bin-dir)
      COMPREPLY=($(compgen -d -- "$cur")); return ;;
    -unit|--unit) COMPREPLY=($(compgen -W $'Bytes\nKB\nMB\nGB' -- "$cur")); return ;;
    -attach|--attach) COMPREPLY=($(compgen -W $'ptrace\ndump\nauto' -- "$cur")); return ;;
    -format|--format) COMPREPLY=($(compgen -W $'table\njson' -- "$cur")); return ;;
    -gen|--generation) COMPREPLY=($(compgen -W $'gen0\ngen1\ngen2\nloh\npoh\nfrozen' -- "$cur")); return ;;
    -trendby|--trend-by) COMPREPLY=($(compgen -W $'Context\nTime' -- "$cur")); return ;;
    -pid|--pid|-pid2|--pid2|-gc|--gc)
      COMPREPLY=($(compgen -W "$("$tool" -ps 2>/dev/null | awk '$1 ~ /^[0-9]+$/ { print $1 }')" -- "$cur")); return ;;
  esac
  if [[ $cur == -* ]]; then
    local switches
    switches=$("$tool" --help 2>/dev/null | sed -n 's/^  \(-[^ <[]*\).*/\1/p' | tr '|' '\n')
    COMPREPLY=($(compgen -W "$switches" -- "$cur"))
  fi
}
complete -o default -F _memanalyzer MemAnalyzer memanalyzer
