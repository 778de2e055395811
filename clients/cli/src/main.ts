/**
 * Entry point of the `ligature` command: runs the command tree and turns every failure into one clear
 * sentence on stderr (plus its listed problems) and an exit code. Stack traces only with LIGATURE_DEBUG=1.
 */
import { CommanderError } from 'commander'
import { CliError, ExitCode } from './errors.js'
import { createProgram, exitState } from './program.js'

export async function main(argv: string[]): Promise<number> {
  const program = createProgram().exitOverride()
  const json = argv.includes('--json')
  try {
    await program.parseAsync(argv)
    return exitState.code
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? ExitCode.ok : ExitCode.error
    if (process.env.LIGATURE_DEBUG) console.error(e)
    const error = e instanceof CliError ? e : new CliError(`Unexpected failure: ${e instanceof Error ? e.message : String(e)}`)
    if (json) {
      process.stdout.write(JSON.stringify({ error: error.message, problems: error.details, ...('status' in error ? { status: error.status } : {}) }, null, 2) + '\n')
    } else {
      process.stderr.write(`ligature: ${error.message}\n`)
      for (const d of error.details) process.stderr.write(`  ${d}\n`)
    }
    return error.exitCode
  }
}

process.exitCode = await main(process.argv)
