/** The interactive mapping prompt: one question per import column, with a guess from the source header. */
import { createInterface } from 'node:readline/promises'
import { CliError } from './errors.js'
import type { DefinitionFile } from './definition.js'
import { guessMapping, mappableColumns, type ColumnMapping, type Mapping } from './mapping.js'

export async function promptMapping(def: DefinitionFile, header: readonly string[], opts: { acceptGuesses: boolean }): Promise<Mapping> {
  const guesses = guessMapping(def, header)
  const columns = new Map<string, ColumnMapping>()
  if (opts.acceptGuesses) {
    for (const [column, source] of guesses) if (source) columns.set(column, { source, clean: [] })
    return { columns }
  }
  if (!process.stdin.isTTY) throw new CliError('No mapping file: write one (see `ligature envelope map --help`) or run interactively to be asked.')
  const rl = createInterface({ input: process.stdin, output: process.stderr })
  try {
    process.stderr.write(`Source columns: ${header.join(', ')}\nFor each import column give a source column, or - to leave it blank.\n`)
    for (const column of mappableColumns(def)) {
      const guess = guesses.get(column.name)
      const what = column.linkageField ? `${column.linkageField}` : 'auxiliary'
      for (;;) {
        const answer = (await rl.question(`${column.name} (${what})${guess ? ` [${guess}]` : ''}: `)).trim() || guess || '-'
        if (answer === '-') break
        if (!header.includes(answer)) { process.stderr.write(`  ${answer} is not a source column.\n`); continue }
        let dateFormat: string | undefined
        if (column.preprocessing.includes('parseDate')) {
          const fmt = column.format || 'yyyy-MM-dd'
          dateFormat = (await rl.question(`  date format of ${answer} [${fmt}]: `)).trim() || fmt
        }
        columns.set(column.name, { source: answer, clean: [], ...(dateFormat ? { dateFormat } : {}) })
        break
      }
    }
  } finally {
    rl.close()
  }
  return { columns }
}
