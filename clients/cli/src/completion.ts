/**
 * Shell completion generated from the command tree itself, so a new command or option completes without
 * anyone editing a script: for each command path, the words (subcommands and options) that may follow.
 */
import type { Command } from 'commander'

function table(cmd: Command, path: string[] = [], rows: [string, string[]][] = []): [string, string[]][] {
  const words = [...cmd.commands.map((c) => c.name()), ...cmd.options.flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f))), '--help']
  rows.push([path.join(' '), words])
  for (const sub of cmd.commands) table(sub, [...path, sub.name()], rows)
  return rows
}

export function completionScript(program: Command, shell: 'bash' | 'zsh' | 'fish'): string {
  const rows = table(program)
  if (shell === 'fish') {
    return rows.map(([path, words]) => {
      const cond = path === '' ? '__fish_use_subcommand' : `__fish_seen_subcommand_from ${path.split(' ').at(-1)}`
      return `complete -c ligature -f -n '${cond}' -a '${words.join(' ')}'`
    }).join('\n') + '\n'
  }
  const cases = rows.map(([path, words]) => `    "${path}") words="${words.join(' ')}" ;;`).join('\n')
  const body = `_ligature_complete() {
  local cur path="" i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in -*) ;; *) path="\${path:+$path }\${COMP_WORDS[i]}" ;; esac
  done
  local words=""
  while :; do
    case "$path" in
${cases}
      *) if [[ "$path" == *" "* ]]; then path="\${path% *}"; continue; elif [[ -n "$path" ]]; then path=""; continue; fi ;;
    esac
    break
  done
  if [[ "$cur" != -* ]] && [[ "$words" != *" "* ]] && [[ -z "$words" ]]; then COMPREPLY=($(compgen -f -- "$cur")); return; fi
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
  [[ \${#COMPREPLY[@]} -eq 0 ]] && COMPREPLY=($(compgen -f -- "$cur"))
}
`
  if (shell === 'zsh') return `autoload -U +X bashcompinit && bashcompinit\n${body}complete -o default -F _ligature_complete ligature\n`
  return `${body}complete -o default -F _ligature_complete ligature\n`
}
