/**
 * An extraction envelope (`SubmitExtraction`) from a file of Source Unique IDs, as the platform reads it
 * (contracts/DECISIONS.md "Extraction and results"): manifest.xml naming the extraction project in
 * `ExtractionProject`, and one data file for the event type with one id per line, no header. Blank lines are
 * dropped here (the platform ignores them too); an id longer than the platform's 64 characters is refused.
 */
import { once } from 'node:events'
import { open } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { PassThrough } from 'node:stream'
import yazl from 'yazl'
import { CliError, ExitCode } from './errors.js'
import { manifestXml } from './manifest.js'
import { writeZip } from './zip-output.js'

const MAX_ID_LENGTH = 64

export interface IdsEnvelope { file: string; envelope: string; ids: number }

export async function buildIdsEnvelope(o: { idsPath: string; out: string; project: string; sender: string; eventType: string; extractionProject: string }): Promise<IdsEnvelope> {
  // Opened before the zip is created, so an unreadable ids file leaves the output path untouched.
  const input = await open(o.idsPath).catch(() => { throw new CliError(`Cannot read the ids file ${o.idsPath}.`) })
  const lines = createInterface({ input: input.createReadStream().on('error', () => {}), crlfDelay: Infinity })
  const dataName = `${o.eventType}.txt`
  const zip = new yazl.ZipFile()
  zip.addBuffer(Buffer.from(manifestXml({ project: o.project, sender: o.sender, kind: 'extraction', extractionProject: o.extractionProject,
    files: [{ fileName: dataName, eventTypeCode: o.eventType }] })), 'manifest.xml')
  const data = new PassThrough({ highWaterMark: 1 << 20 })
  zip.addReadStream(data, dataName)
  zip.end()
  const output = writeZip(zip, o.out)
  let ids = 0, lineNumber = 0
  const tooLong: number[] = []
  try {
    for await (const raw of lines) {
      lineNumber++
      const id = raw.trim()
      if (id === '') continue
      if (id.length > MAX_ID_LENGTH) { tooLong.push(lineNumber); continue }
      ids++
      if (!data.write(`${id}\n`)) await once(data, 'drain')
    }
  } catch {
    data.destroy()
    await output.discard()
    throw new CliError(`Cannot read the ids file ${o.idsPath}.`)
  }
  data.end()
  await output.written
  if (tooLong.length > 0 || ids === 0) {
    await output.discard()
    if (ids === 0 && tooLong.length === 0) throw new CliError(`${o.idsPath} lists no Source Unique ID (one per line).`, ExitCode.invalidRows)
    throw new CliError(`${o.idsPath}: ${tooLong.length} ids are longer than ${MAX_ID_LENGTH} characters; nothing was sent.`, ExitCode.invalidRows,
      tooLong.slice(0, 20).map((l) => `line ${l}`))
  }
  return { file: o.out, envelope: o.out.replace(/^.*\//, '').replace(/\.zip$/i, ''), ids }
}
