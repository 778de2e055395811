import { RequestTypes, type EnvelopeTypeValue, type RequestType } from '@ligature/contracts/enums'
import { attributeOf, children, parseXmlRoot, textOf, type XmlElement } from './manifest-xml.js'

export const MANIFEST_NAMESPACE = 'http://www.phrn.org.au/participants/cdl/20110801'
export const MANIFEST_FILE_NAME = 'manifest.xml'

export interface ManifestDataFile {
  fileName: string
  /** Free text such as `FlatFile`; the layout itself comes from the event type's data source. */
  format: string | undefined
  /** The `datasource` attribute: despite its name it holds the event type code. */
  eventTypeCode: string
}
export interface ManifestMetadataFile {
  fileName: string
  description: string | undefined
}
export interface Manifest {
  linkageProject: string
  sender: string
  requestType: RequestType
  envelopeType: EnvelopeTypeValue
  numberOfDataFiles: number
  /** `ExtractionProject`: the extraction project an extraction envelope extracts into (required there only). */
  extractionProject: string | undefined
  dataFiles: ManifestDataFile[]
  metadataFiles: ManifestMetadataFile[]
}
export type ManifestResult = { ok: true; manifest: Manifest } | { ok: false; problems: string[] }

/**
 * Parses manifest.xml and checks it against the envelope's files (paths as extracted, `/`-separated).
 * Every problem found is reported, each as a sentence naming the element or file concerned.
 */
export function parseManifest(xml: string, envelopeFiles: readonly string[]): ManifestResult {
  const parsed = parseXmlRoot(xml)
  if ('problem' in parsed) return { ok: false, problems: [parsed.problem] }
  const { root } = parsed
  if (root.name !== 'Manifest') return { ok: false, problems: [`The root element must be Manifest, not ${root.name}.`] }
  if (root.namespace !== MANIFEST_NAMESPACE) {
    const found = root.namespace === undefined ? 'no namespace' : `namespace ${root.namespace}`
    return { ok: false, problems: [`The Manifest element must be in namespace ${MANIFEST_NAMESPACE}, found ${found}.`] }
  }
  const problems: string[] = []
  const single = (local: string): string => {
    const found = children(root.element, root.prefix, local)
    if (found.length === 0) problems.push(`${local} is missing.`)
    else if (found.length > 1) problems.push(`${local} appears ${found.length} times; it must appear once.`)
    else if (textOf(found[0]).trim() === '') problems.push(`${local} is empty.`)
    return textOf(found[0]).trim()
  }
  const linkageProject = single('LinkageProject')
  const sender = single('Sender')
  const requestText = single('RequestType')
  const countText = single('NumberOfDataFiles')
  const requestType = requestText in RequestTypes ? (requestText as RequestType) : undefined
  if (requestText !== '' && !requestType) {
    problems.push(`RequestType ${requestText} is not one of ${Object.keys(RequestTypes).join(', ')}.`)
  }
  const numberOfDataFiles = /^\d{1,6}$/.test(countText) ? Number(countText) : Number.NaN
  if (countText !== '' && Number.isNaN(numberOfDataFiles)) {
    problems.push(`NumberOfDataFiles must be a whole number, found "${countText}".`)
  }

  const extractionNodes = children(root.element, root.prefix, 'ExtractionProject')
  const extractionProject = extractionNodes.length === 1 ? textOf(extractionNodes[0]).trim() || undefined : undefined
  if (extractionNodes.length > 1) problems.push(`ExtractionProject appears ${extractionNodes.length} times; it must appear once.`)
  if (requestType === 'SubmitExtraction' && extractionNodes.length <= 1 && !extractionProject) {
    problems.push('ExtractionProject is missing: an extraction envelope names the extraction project (its id, e.g. E2026110001) to extract into.')
  }

  const dataNodes = sectionFiles(root.element, root.prefix, 'Data', true, problems)
  const metadataNodes = sectionFiles(root.element, root.prefix, 'Metadata', false, problems)
  const dataFiles = readDataFiles(dataNodes, problems)
  const metadataFiles = readMetadataFiles(metadataNodes, problems)
  if (!Number.isNaN(numberOfDataFiles) && numberOfDataFiles !== dataNodes.length) {
    problems.push(`NumberOfDataFiles is ${numberOfDataFiles} but Data lists ${dataNodes.length} file(s).`)
  }
  const named = [...dataNodes, ...metadataNodes].flatMap((node) => attributeOf(node, 'fileName') ?? [])
  checkFilesAgainstEnvelope(named, envelopeFiles, problems)

  if (problems.length > 0 || !requestType) return { ok: false, problems }
  return {
    ok: true,
    manifest: { linkageProject, sender, requestType, envelopeType: RequestTypes[requestType], numberOfDataFiles, extractionProject, dataFiles, metadataFiles },
  }
}

/** `File` children of the single `Data` or `Metadata` section (the section may be absent only for Metadata). */
function sectionFiles(root: XmlElement, prefix: string, section: string, required: boolean, problems: string[]): unknown[] {
  const sections = children(root, prefix, section)
  if (sections.length === 0) {
    if (required) problems.push(`${section} is missing.`)
    return []
  }
  if (sections.length > 1) problems.push(`${section} appears ${sections.length} times; it must appear once.`)
  const first = sections[0]
  const files = typeof first === 'object' && first !== null ? children(first as XmlElement, prefix, 'File') : []
  if (required && files.length === 0) problems.push(`${section} lists no File; at least one is needed.`)
  return files
}

function readDataFiles(nodes: unknown[], problems: string[]): ManifestDataFile[] {
  const files: ManifestDataFile[] = []
  nodes.forEach((node, i) => {
    const fileName = attributeOf(node, 'fileName')
    const eventTypeCode = attributeOf(node, 'datasource')
    if (!fileName) problems.push(`Data/File ${i + 1} has no fileName attribute.`)
    if (!eventTypeCode) problems.push(`Data/File ${i + 1}${fileName ? ` (${fileName})` : ''} has no datasource attribute (the event type code).`)
    if (fileName && eventTypeCode) files.push({ fileName, format: attributeOf(node, 'format'), eventTypeCode })
  })
  return files
}

function readMetadataFiles(nodes: unknown[], problems: string[]): ManifestMetadataFile[] {
  const files: ManifestMetadataFile[] = []
  nodes.forEach((node, i) => {
    const fileName = attributeOf(node, 'fileName')
    if (!fileName) problems.push(`Metadata/File ${i + 1} has no fileName attribute.`)
    else files.push({ fileName, description: attributeOf(node, 'description') })
  })
  return files
}

/** Archive clutter added by desktop zip tools; never data, so neither required nor reported. */
const IGNORED = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$)/

function checkFilesAgainstEnvelope(named: string[], envelopeFiles: readonly string[], problems: string[]): void {
  const present = new Set(envelopeFiles)
  const seen = new Set<string>()
  for (const name of named) {
    if (seen.has(name)) problems.push(`File ${name} is named more than once in the manifest.`)
    else if (name === MANIFEST_FILE_NAME) problems.push(`File ${name} is the manifest itself and cannot be a data or metadata file.`)
    else if (!present.has(name)) problems.push(`File ${name} is named in the manifest but is not in the envelope.`)
    seen.add(name)
  }
  for (const file of envelopeFiles) {
    if (file !== MANIFEST_FILE_NAME && !seen.has(file) && !IGNORED.test(file)) {
      problems.push(`File ${file} is in the envelope but not named in the manifest.`)
    }
  }
}
