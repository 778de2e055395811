/**
 * Where the CLI writes: results on stdout (JSON with --json, else short human lines), progress bars and
 * follow-along messages on stderr, so `ligature … --json | jq` always reads clean JSON.
 */
import cliProgress from 'cli-progress'

export interface Output {
  json: boolean
  /** Human line on stdout (suppressed with --json). */
  say(line: string): void
  /** Live status on stderr (suppressed with --json unless verbose). */
  note(line: string): void
  result(value: unknown, human?: () => void): void
  progress(label: string, total: number, unit?: 'bytes' | 'rows'): Progress
}

export interface Progress {
  update(value: number): void
  stop(): void
}

const mib = (n: number) => `${(n / 1048576).toFixed(1)} MiB`

export function createOutput(json: boolean, stderr: NodeJS.WriteStream = process.stderr): Output {
  return {
    json,
    say: (line) => { if (!json) process.stdout.write(line + '\n') },
    note: (line) => { if (!json) stderr.write(line + '\n') },
    result: (value, human) => {
      if (json) process.stdout.write(JSON.stringify(value, null, 2) + '\n')
      else if (human) human()
      else process.stdout.write(String(value) + '\n')
    },
    progress: (label, total, unit = 'bytes') => {
      // A bar only on an interactive terminal: in CI logs a redrawn bar is noise.
      if (json || !stderr.isTTY) return { update() {}, stop() {} }
      const bar = new cliProgress.SingleBar({
        stream: stderr, hideCursor: true, clearOnComplete: false, etaBuffer: 50,
        format: `${label} [{bar}] {percentage}% | {done} of {all} | {speed} | ETA {eta_formatted}`,
      }, cliProgress.Presets.shades_classic)
      const started = Date.now()
      const fmt = (n: number) => (unit === 'bytes' ? mib(n) : n.toLocaleString('en-AU'))
      bar.start(total, 0, { done: fmt(0), all: fmt(total), speed: '' })
      return {
        update: (value) => {
          const seconds = Math.max(0.001, (Date.now() - started) / 1000)
          bar.update(value, { done: fmt(value), all: fmt(total), speed: unit === 'bytes' ? `${mib(value / seconds)}/s` : `${Math.round(value / seconds)}/s` })
        },
        stop: () => bar.stop(),
      }
    },
  }
}
