import { XMLParser, XMLValidator } from 'fast-xml-parser'

/**
 * Low-level reading of manifest.xml into a namespace-aware element tree, with the checks that must happen
 * before any element is looked at: well-formedness and the refusal of DTDs.
 */
export type XmlElement = Record<string, unknown>

export interface XmlRoot {
  /** Local name of the root element (prefix removed). */
  name: string
  /** Namespace URI the root element is in, or undefined when none is declared. */
  namespace: string | undefined
  element: XmlElement
  /** Prefix of the root element including the colon ('' for the default namespace). */
  prefix: string
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Every element becomes an array so that repeated elements can be reported rather than silently merged.
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
})

/**
 * Parses the manifest text. DOCTYPE and ENTITY declarations are refused outright: with no DTD there is no
 * custom entity to expand, so only the five predefined XML entities are ever decoded (no billion-laughs, no
 * external entities).
 */
export function parseXmlRoot(xml: string): { root: XmlRoot } | { problem: string } {
  const text = xml.replace(/^\uFEFF/, '')
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    return { problem: 'manifest.xml must not contain a DOCTYPE or entity declarations.' }
  }
  const valid = XMLValidator.validate(text)
  if (valid !== true) {
    const { msg, line, col } = valid.err
    return { problem: `manifest.xml is not well-formed XML: ${msg} (line ${line}, column ${col}).` }
  }
  const doc = parser.parse(text) as Record<string, unknown>
  const roots = Object.keys(doc).filter((k) => !k.startsWith('?') && !k.startsWith('#'))
  if (roots.length !== 1) return { problem: 'manifest.xml must have exactly one root element.' }
  const qname = roots[0]!
  const element = (doc[qname] as XmlElement[])[0]
  const colon = qname.indexOf(':')
  const prefix = colon >= 0 ? qname.slice(0, colon + 1) : ''
  const attrs = typeof element === 'object' && element !== null ? element : {}
  const nsAttr = prefix ? `@_xmlns:${prefix.slice(0, -1)}` : '@_xmlns'
  const namespace = typeof attrs[nsAttr] === 'string' ? attrs[nsAttr] : undefined
  return { root: { name: qname.slice(colon + 1), namespace, element: attrs, prefix } }
}

/** Child elements with the given local name, in the root's namespace prefix. */
export function children(parent: XmlElement, prefix: string, local: string): unknown[] {
  const value = parent[prefix + local]
  return Array.isArray(value) ? value : []
}

/** Text content of a simple element ('' when empty or when it has only attributes). */
export function textOf(node: unknown): string {
  if (typeof node === 'string') return node
  if (typeof node === 'object' && node !== null && typeof (node as XmlElement)['#text'] === 'string') {
    return (node as XmlElement)['#text'] as string
  }
  return ''
}

/** An attribute value, trimmed, or undefined when absent or blank. */
export function attributeOf(node: unknown, name: string): string | undefined {
  if (typeof node !== 'object' || node === null) return undefined
  const value = (node as XmlElement)[`@_${name}`]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}
