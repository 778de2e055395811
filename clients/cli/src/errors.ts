/**
 * What the CLI reports to its user: a sentence and an exit code, never a stack trace. Exit codes are part of
 * the interface scripts rely on (documented on the portal's envelope-builder page).
 */
export const ExitCode = {
  ok: 0,
  /** Bad usage, bad files, an API error or an unreachable gateway. */
  error: 1,
  /** `envelope build` found rows that do not fit the definition. */
  invalidRows: 2,
  /** The envelope or extraction that was followed ended Failed. */
  failed: 3,
} as const
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode]

export class CliError extends Error {
  constructor(message: string, readonly exitCode: ExitCodeValue = ExitCode.error, readonly details: readonly string[] = []) {
    super(message)
  }
}

/** An answer of the gateway outside 2xx, carrying the catalogue message of contracts/src/errors.ts. */
export class ApiError extends CliError {
  constructor(readonly status: number, message: string, readonly problems: readonly string[] = []) {
    super(message, ExitCode.error, problems)
  }
}
