/** The `ligature` command tree (commander). Each action loads what it needs; errors propagate to main.ts. */
import { access, writeFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { Command, Option } from 'commander'
import { ApiClient } from './api.js'
import { buildEnvelope } from './build-envelope.js'
import { completionScript } from './completion.js'
import { configPath, loadCredentials, normaliseUrl, saveCredentials } from './config.js'
import { parseDefinition, readDefinition } from './definition.js'
import { CliError, ExitCode } from './errors.js'
import { downloadResult, runEnvelopeExtraction, runExtraction } from './extract.js'
import { buildReviewEnvelope } from './review-envelope.js'
import { followEnvelope } from './follow.js'
import { ENVELOPE_NAME, REQUEST_TYPES, type EnvelopeKind } from './manifest.js'
import { readMapping, writeMapping } from './mapping.js'
import { createOutput, type Output } from './output.js'
import { promptMapping } from './prompt.js'
import { readSecret } from './secret.js'
import { Status, type Envelope, type Result } from './types.js'

export const VERSION = '0.1.0'

/** Set by an action that wants a non-zero exit without an error message (an envelope that Failed). */
export const exitState = { code: ExitCode.ok as number }

const exists = (p: string) => access(p).then(() => true, () => false)
const separatorOf = (s: string) => (s === '\\t' || s === 'tab' ? '\t' : s)

export function createProgram(): Command {
  const program = new Command('ligature')
    .description("Ligature's toolkit for data providers: build, encode, send and follow envelopes; fetch extraction results.")
    .version(VERSION)
    .option('--json', 'print results as JSON on stdout (progress and messages go to stderr or are suppressed)')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ outputError: (str, write) => write(str) })
  const out = (): Output => createOutput(Boolean(program.opts().json))
  const api = async () => new ApiClient(await loadCredentials())
  const timing = (o: { interval: string; timeout: string }) => ({ intervalMs: Number(o.interval) * 1000, timeoutMs: Number(o.timeout) * 1000 })

  program.command('login')
    .description(`store the gateway URL and a token in ${configPath()} (mode 0600); LIGATURE_URL and LIGATURE_TOKEN override it`)
    .option('--url <url>', 'gateway address, e.g. http://localhost:8080')
    .option('--token-stdin', 'read the token from standard input (keeps it out of shell history)')
    .option('--no-check', 'store without checking that the gateway accepts the token')
    .action(async (o: { url?: string; tokenStdin?: boolean; check: boolean }) => {
      const { createInterface } = await import('node:readline/promises')
      const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false })
      const lines = rl[Symbol.asyncIterator]()
      const ask = async (q: string) => { if (process.stdin.isTTY) process.stderr.write(q); const r = await lines.next(); return r.done ? '' : String(r.value).trim() }
      const url = o.url ?? await ask('Gateway URL: ')
      const token = o.tokenStdin || !process.stdin.isTTY ? await ask('') : await ask('Token: ')
      rl.close()
      if (!url || !token) throw new CliError('Give the gateway URL (--url) and a token (on standard input).')
      const creds = { url: normaliseUrl(url), token }
      if (o.check) await new ApiClient(creds).json('GET', '/envelopes?limit=1')
      const path = await saveCredentials(creds)
      out().result({ url: creds.url, config: path }, () => out().say(`Logged in to ${creds.url} (saved in ${path}).`))
    })

  const definition = program.command('definition').description('project definition files')
  definition.command('pull <project> <eventType>')
    .description('save the definition file of a project and event type (GET /projects/{id}/projectdefinitionfile/{eventTypeCode})')
    .option('-o, --out <file>', 'where to write it (default <project>-<eventType>.json)')
    .action(async (project: string, eventType: string, o: { out?: string }) => {
      const def = await (await api()).json<unknown>('GET', `/projects/${encodeURIComponent(project)}/projectdefinitionfile/${encodeURIComponent(eventType)}`)
      const checked = parseDefinition(JSON.stringify(def), 'The served definition')
      const file = o.out ?? `${project}-${eventType}.json`
      await writeFile(file, JSON.stringify(def, null, 2) + '\n')
      out().result({ file, project: checked.project.code, eventType: checked.eventType.code, matchProvider: checked.matchProvider },
        () => out().say(`Saved ${file}: ${checked.project.code}/${checked.eventType.code}, ${checked.importColumns.length} import columns, match provider ${checked.matchProvider}.`))
    })

  const envelope = program.command('envelope').description('build, send and follow envelopes')
  envelope.command('map')
    .description('write a mapping file, asking which source column feeds each import column')
    .requiredOption('--definition <file>', 'project definition file')
    .requiredOption('--data <file>', 'source data file (delimited, with a header row)')
    .requiredOption('--map <file>', 'mapping file to write (YAML)')
    .option('--yes', 'accept the guesses (same-named columns) without asking')
    .option('--source-delimiter <char>', 'delimiter of the source file', ',')
    .action(async (o: { definition: string; data: string; map: string; yes?: boolean; sourceDelimiter: string }) => {
      const def = await readDefinition(o.definition)
      const { openSource } = await import('./source.js')
      const source = await openSource(o.data, separatorOf(o.sourceDelimiter), () => {})
      const first = await source.records.next()
      if (first.done) throw new CliError(`${o.data} is empty: it needs a header row.`)
      await source.records.return(undefined)
      const mapping = await promptMapping(def, first.value.cells.map((h) => h.trim()), { acceptGuesses: Boolean(o.yes) })
      await writeMapping(o.map, def, mapping.columns)
      out().result({ map: o.map, columns: Object.fromEntries([...mapping.columns].map(([k, v]) => [k, v.source])) }, () => out().say(`Wrote ${o.map} (${mapping.columns.size} columns mapped).`))
    })

  envelope.command('build')
    .description('map, clean, check and (optionally) Bloom-encode a source file into an envelope zip')
    .requiredOption('--definition <file>', 'project definition file (ligature definition pull)')
    .requiredOption('--data <file>', 'source data file (delimited, with a header row)')
    .requiredOption('--map <file>', 'mapping file (YAML); asked for and written when it does not exist')
    .addOption(new Option('--type <type>', 'request type of the envelope').choices(Object.keys(REQUEST_TYPES)).default('linkage'))
    .addOption(new Option('--encode <scheme>', 'encode the fields the project links on in encoded form').choices(['bloom']))
    .option('--secret-file <file>', 'the Bloom secret shared by the project\'s providers (with --encode bloom)')
    .option('-o, --out <file>', 'envelope to write (default <project>-<eventType>-<timestamp>.zip)')
    .option('--source-delimiter <char>', 'delimiter of the source file', ',')
    .option('--separator <char>', 'column separator of the data file; must match the data source\'s columnSeparator', ',')
    .option('--header', 'write a header row (default: only for DelimitedByName formats, as the platform expects)')
    .option('--no-header', 'write no header row')
    .option('--skip-invalid', 'leave invalid rows out (and list them) instead of writing no envelope')
    .option('--sender <code>', 'data provider code for the manifest (default: from the definition file)')
    .option('--extraction-project <id>', 'with --type extraction: the extraction project to extract into')
    .action(async (o: { definition: string; data: string; map: string; type: EnvelopeKind; encode?: string; secretFile?: string; out?: string
      sourceDelimiter: string; separator: string; header?: boolean; skipInvalid?: boolean; sender?: string; extractionProject?: string }) => {
      const def = await readDefinition(o.definition)
      if (o.encode && !o.secretFile) throw new CliError('--encode bloom needs --secret-file FILE.')
      if (o.secretFile && !o.encode) throw new CliError('--secret-file is only used with --encode bloom.')
      const secret = o.secretFile ? await readSecret(o.secretFile) : undefined
      const mapping = await exists(o.map) ? await readMapping(o.map) : async (header: string[]) => {
        const m = await promptMapping(def, header, { acceptGuesses: false })
        await writeMapping(o.map, def, m.columns)
        out().note(`Wrote ${o.map}.`)
        return m
      }
      const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
      const file = o.out ?? `${def.project.code}-${def.eventType.code}-${stamp}.zip`
      const header = o.header ?? def.importFormat?.columnType === 3
      const summary = await buildEnvelope({
        def, dataPath: o.data, mapping, out: file, kind: o.type, ...(secret ? { secret } : {}), sourceDelimiter: separatorOf(o.sourceDelimiter),
        separator: separatorOf(o.separator), header, skipInvalid: Boolean(o.skipInvalid), ...(o.sender ? { sender: o.sender } : {}),
        ...(o.extractionProject ? { extractionProject: o.extractionProject } : {}),
      }, out())
      out().result(summary, () => {
        const o2 = out()
        o2.say(`Wrote ${summary.file}: envelope ${summary.envelope}, ${REQUEST_TYPES[summary.requestType]} for ${summary.project}/${summary.eventType}${summary.encoded ? ', Bloom-encoded' : ''}.`)
        o2.say(`${summary.rowsWritten} rows written of ${summary.rowsRead} read${summary.rowsInvalid ? `; ${summary.rowsInvalid} invalid rows left out:` : '.'}`)
        for (const r of summary.invalidRows) o2.say(`  line ${r.line}: ${r.problems.join('; ')}`)
      })
    })

  const followOptions = (c: Command) => c
    .option('--interval <seconds>', 'seconds between status checks', '1')
    .option('--timeout <seconds>', 'give up following after this long', '3600')

  envelope.command('review <file>')
    .description('check a quality-review file (project, Source Unique ID, event type, label; no header) and pack it as an envelope')
    .requiredOption('--project <code>', 'the linkage project every row must name')
    .requiredOption('--sender <code>', 'data provider code for the manifest')
    .option('--batch', 'send it as SubmitBatchQualityReview (processed the same way)')
    .option('-o, --out <file>', 'envelope to write (default <project>-review-<timestamp>.zip)')
    .action(async (file: string, o: { project: string; sender: string; batch?: boolean; out?: string }) => {
      const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
      const built = await buildReviewEnvelope({ reviewPath: file, out: o.out ?? `${o.project}-review-${stamp}.zip`, project: o.project, sender: o.sender, batch: Boolean(o.batch) })
      out().result(built, () => out().say(`Wrote ${built.file}: envelope ${built.envelope}, ${built.rows} rows in ${built.labels} groups (${built.eventTypes.join(', ')}).`))
    })

  followOptions(envelope.command('send <zip>')
    .description('upload an envelope (POST /envelopes) with a progress bar; --follow waits for Complete (exit 0) or Failed (exit 3)')
    .option('--follow', 'follow the envelope\'s jobs and notifications until it is Complete or Failed'))
    .action(async (zip: string, o: { follow?: boolean; interval: string; timeout: string }) => {
      const name = basename(zip).replace(/\.zip$/i, '')
      if (!ENVELOPE_NAME.test(name)) throw new CliError(`${basename(zip)} cannot name an envelope: use letters, digits, '.', '_' or '-' before .zip.`)
      if (!(await exists(zip))) throw new CliError(`Cannot read ${zip}.`)
      const client = await api()
      const o2 = out()
      let bar: ReturnType<Output['progress']> | null = null
      const created = await client.upload<Envelope>('/envelopes', zip, basename(zip), (sent, total) => {
        bar ??= o2.progress('Uploading', total)
        bar.update(sent)
      })
      ;(bar as ReturnType<Output['progress']> | null)?.stop()
      o2.note(`Uploaded ${basename(zip)} as envelope ${created.name} (${created.statusName}).`)
      if (!o.follow) { o2.result(created, () => o2.say(created.name)); return }
      const followed = await followEnvelope(client, created.name, o2, timing(o))
      if (followed.envelope.status !== Status.Complete) exitState.code = ExitCode.failed
      o2.result(followed, () => o2.say(`Envelope ${created.name}: ${followed.envelope.statusName}`))
    })

  followOptions(envelope.command('status <name>')
    .description('show an envelope, its jobs and notifications; --follow waits for Complete or Failed')
    .option('--follow', 'wait until it is Complete or Failed'))
    .action(async (name: string, o: { follow?: boolean; interval: string; timeout: string }) => {
      const client = await api()
      const o2 = out()
      const followed = await followEnvelope(client, name, o2, o.follow ? timing(o) : { intervalMs: 0, timeoutMs: 0 }).catch((e: unknown) => {
        if (!o.follow && e instanceof CliError && /still/.test(e.message)) return null
        throw e
      })
      const envelope = followed?.envelope ?? await client.json<Envelope>('GET', `/envelopes/${encodeURIComponent(name)}`)
      if (o.follow && envelope.status !== Status.Complete) exitState.code = ExitCode.failed
      o2.result(followed ?? envelope, () => o2.say(`Envelope ${name}: ${envelope.statusName}`))
    })

  followOptions(program.command('extract <extractionProject>')
    .description('request an extraction (POST /extractions, or with --ids an extraction envelope), wait for it, download and unzip its results')
    .requiredOption('--project <code>', 'linkage project code')
    .requiredOption('--event-type <code>', 'event type code')
    .option('--ids <file>', 'extract only these Source Unique IDs (one per line): sent as a SubmitExtraction envelope')
    .option('--name <envelope>', 'name of the extraction envelope (with --ids; default extract-<id>-<eventType>-<time>)')
    .option('--out <dir>', 'folder for the result zips and their contents', '.'))
    .action(async (extractionProject: string, o: { project: string; eventType: string; ids?: string; name?: string; out: string; interval: string; timeout: string }) => {
      const o2 = out()
      if (o.name && !o.ids) throw new CliError('--name names the extraction envelope sent with --ids.')
      if (o.ids) {
        const done = await runEnvelopeExtraction(await api(), { extractionProjectId: extractionProject, projectCode: o.project, eventTypeCode: o.eventType,
          idsPath: o.ids, ...(o.name ? { name: o.name } : {}) }, o.out, o2, timing(o))
        o2.result(done, () => {
          o2.say(`Envelope ${done.envelope.name}: ${done.envelope.statusName}; ${done.ids} ids sent, ${done.idsNotFound} not in the linkage map; ${done.results.length} result(s).`)
          for (const m of done.notFoundMessages) o2.say(`  ${m}`)
          for (const r of done.results) o2.say(`  ${r.zip}: ${r.files.join(', ')}`)
        })
        return
      }
      const done = await runExtraction(await api(), { extractionProjectId: extractionProject, projectCode: o.project, eventTypeCode: o.eventType }, o.out, o2, timing(o))
      o2.result(done, () => {
        o2.say(`Extraction ${done.extraction.id}: ${done.extraction.statusName}, ${done.results.length} result(s).`)
        for (const r of done.results) o2.say(`  ${r.zip}: ${r.files.join(', ')}`)
      })
    })

  const results = program.command('results').description('extraction results')
  results.command('list')
    .description('list results (GET /results), or one extraction\'s (GET /extractions/{id}/results)')
    .option('--extraction <id>', 'only this extraction\'s results')
    .action(async (o: { extraction?: string }) => {
      const path = o.extraction ? `/extractions/${encodeURIComponent(o.extraction)}/results?limit=1000` : '/results?limit=1000'
      const list = await (await api()).json<Result[]>('GET', path)
      const o2 = out()
      o2.result(list, () => {
        if (list.length === 0) o2.say('No results.')
        for (const r of list) o2.say(`${r.id}\textraction ${r.extractionId}\t${r.sender}\t${r.name}${r.canDownload ? '' : '\t(deleted)'}`)
      })
    })
  results.command('download <id>')
    .description('download a result zip (GET /results/{id}/download) and unzip it')
    .option('--out <dir>', 'folder to write into', '.')
    .option('--no-unzip', 'keep only the zip')
    .action(async (id: string, o: { out: string; unzip: boolean }) => {
      const client = await api()
      const result = await client.json<Result>('GET', `/results/${encodeURIComponent(id)}`)
      const got = await downloadResult(client, result, o.out, o.unzip)
      out().result(got, () => out().say(`${got.zip}${got.files.length ? `: ${got.files.join(', ')}` : ''}`))
    })
  results.command('delete <id>')
    .description('delete a result\'s file on the platform (DELETE /results/{id}); exit 0 also when it was already deleted')
    .action(async (id: string) => {
      const { status, message } = await (await api()).status('DELETE', `/results/${encodeURIComponent(id)}`)
      // 304: deleted before (the row stays, the file is gone). Deleting is idempotent for scripts: exit 0.
      const already = status === 304
      const text = already ? `Result ${id}: ${message ?? 'Result file is already deleted.'} Nothing to do.` : `Deleted result ${id}'s file.`
      out().result({ id: Number(id), deleted: true, alreadyDeleted: already, message: already ? message : null }, () => out().say(text))
    })

  program.command('completion')
    .description('print a shell completion script: eval "$(ligature completion bash)" (bash, zsh or fish)')
    .addArgument(new Command().createArgument('[shell]', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']).default('bash'))
    .action((shell: 'bash' | 'zsh' | 'fish') => { process.stdout.write(completionScript(program, shell)) })

  return program
}
