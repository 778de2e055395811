import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'
import { pino } from 'pino'
import { LOG_BATCH_BYTES, logDestination, loggerOptions } from './logger.js'

// Every logger here logs at info, whatever LOG_LEVEL the test run sets (the suite runs at warn).
const here = dirname(fileURLToPath(import.meta.url))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const linesOf = async (file: string) => (await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { level: number; msg: string })

/** The file's lines once it holds `count` of them (or what it holds after five seconds). */
async function whenWritten(file: string, count: number) {
  for (let waited = 0; waited < 5_000; waited += 20) {
    const lines = await linesOf(file)
    if (lines.length >= count) return lines
    await sleep(20)
  }
  return linesOf(file)
}

t.test('log destination', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'lig-log-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  // A flush interval no test waits for, unless the test is about it.
  const never = 60_000

  t.test('info lines wait for a batch; a warning goes out at once, after them', async (t) => {
    const file = join(dir, 'warning.log')
    const log = pino(loggerOptions('t', 'info'), logDestination(file, never))
    for (let i = 0; i < 3; i++) log.info(`info ${i}`)
    await sleep(300)
    t.same(await linesOf(file), [], 'three short info lines are held')
    log.warn('a warning')
    const lines = await whenWritten(file, 4)
    t.same(lines.map((l) => [l.level, l.msg]), [[30, 'info 0'], [30, 'info 1'], [30, 'info 2'], [40, 'a warning']])
  })

  t.test('a full batch is written without waiting for the interval', async (t) => {
    const file = join(dir, 'batch.log')
    const log = pino(loggerOptions('t', 'info'), logDestination(file, never))
    const message = 'x'.repeat(200)
    const count = Math.ceil(LOG_BATCH_BYTES / message.length) + 1
    for (let i = 0; i < count; i++) log.info(message)
    const lines = await whenWritten(file, count)
    t.equal(lines.length, count)
  })

  t.test('a warning that arrives while a batch is being written follows it', async (t) => {
    const file = join(dir, 'in-flight.log')
    const log = pino(loggerOptions('t', 'info'), logDestination(file, never))
    // Once this is written the file is open, so the warning below meets a write in flight, not the opening.
    log.warn('file open')
    await whenWritten(file, 1)
    const message = 'x'.repeat(200)
    const count = Math.ceil(LOG_BATCH_BYTES / message.length) + 1
    for (let i = 0; i < count; i++) log.info(message)
    log.warn('during the write')
    const lines = await whenWritten(file, count + 2)
    t.equal(lines.length, count + 2)
    t.equal(lines.at(-1)?.msg, 'during the write')
  })

  t.test('a lone info line is written when the interval passes', async (t) => {
    const file = join(dir, 'interval.log')
    const log = pino(loggerOptions('t', 'info'), logDestination(file, 50))
    log.info('alone')
    t.same((await whenWritten(file, 1)).map((l) => l.msg), ['alone'])
  })

  t.test('error lines are redacted as before', async (t) => {
    const file = join(dir, 'redacted.log')
    const log = pino(loggerOptions('t', 'info'), logDestination(file, never))
    log.error({ call: { token: 'lig_secret', password: 'hunter2' } }, 'refused')
    const [line] = await whenWritten(file, 1)
    t.ok(line, 'the error line is written at once')
    t.notMatch(JSON.stringify(line), /lig_secret|hunter2/)
  })
})

// Lines still held when a process ends go out: pino writes what is pending on exit.
const run = promisify(execFile)
for (const ending of ['the event loop empties', 'process.exit() is called']) {
  t.test(`held lines are written when ${ending}`, async (t) => {
    const exit = ending.startsWith('process.exit') ? 'process.exit(0)' : ''
    const script = `import { pino } from 'pino'; import { logDestination, loggerOptions } from './logger.ts'
      const log = pino(loggerOptions('t', 'info'), logDestination()); log.info('one'); log.info('two'); ${exit}`
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: here })
    t.same(stdout.split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { msg: string }).msg), ['one', 'two'])
  })
}
