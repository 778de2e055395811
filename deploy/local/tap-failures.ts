// CI shows only the tail of the test run, where the coverage table pushes tap's own failure report out of
// sight. The raw TAP that tap keeps per test file (.tap/test-results) names every failure; this reads it so
// the failing tests can be printed just above the final count.
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'

const subtestLine = /^((?: {4})*)# Subtest: (.*)$/
const resultLine = /^((?: {4})*)not ok \d+ - (.*?)(?: # .*)?$/
const atLine = /^\s+lineNumber: (\d+)$/

/** Leaf failures of one TAP stream as "outer > inner > assertion"; a subtest that failed only because a child did is not repeated. */
export function failuresIn(tap: string): string[] {
  const names: string[] = []
  const childFailed: boolean[] = []
  const failures: string[] = []
  let awaitingLine: number | undefined
  for (const line of tap.split('\n')) {
    const sub = subtestLine.exec(line)
    if (sub) {
      const depth = (sub[1] ?? '').length / 4
      names.length = depth
      names[depth] = sub[2] ?? ''
      childFailed[depth + 1] = false
      continue
    }
    const result = resultLine.exec(line)
    if (result) {
      const depth = (result[1] ?? '').length / 4
      const hadFailingChild = childFailed[depth + 1] === true
      childFailed[depth + 1] = false
      for (let d = 0; d <= depth; d++) childFailed[d] = true
      awaitingLine = undefined
      if (hadFailingChild) continue
      failures.push([...names.slice(0, depth), result[2] ?? ''].join(' > '))
      awaitingLine = failures.length - 1
      continue
    }
    const at = atLine.exec(line)
    if (at && awaitingLine !== undefined) {
      failures[awaitingLine] += ` (line ${at[1] ?? '?'})`
      awaitingLine = undefined
    }
  }
  return failures
}

/** Every failure tap recorded under resultsDir, prefixed with its test file. */
export async function failuresUnder(resultsDir: string): Promise<string[]> {
  const files = await listTapFiles(resultsDir).catch(() => [])
  const all: string[] = []
  for (const file of files.sort()) {
    const name = relative(resultsDir, file).replace(/\.tap$/, '')
    for (const failure of failuresIn(await readFile(file, 'utf8'))) all.push(`${name}: ${failure}`)
  }
  return all
}

async function listTapFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(entries.map(async (e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return listTapFiles(path)
    return e.name.endsWith('.tap') ? [path] : []
  }))
  return nested.flat()
}
