/**
 * Why an envelope was refused. The workflow turns `message` into the envelope's notification text, so every
 * message is a complete sentence a data custodian can act on; `code` is for logs, metrics and tests.
 */
export const RejectionCodes = [
  'EmptyFile', // the upload has 0 bytes
  'NotAZip', // no zip structure at all
  'Truncated', // starts like a zip but its end (central directory) is missing
  'Corrupt', // structure or data inconsistent (bad headers, CRC mismatch, sizes that lie)
  'Encrypted', // password-protected entry
  'UnsupportedCompression', // anything but stored or deflate
  'UnsafePath', // absolute, `..`, backslash, drive letter, control characters
  'UnsupportedEntryType', // symlink, device, fifo …
  'DuplicateEntry', // same name twice (case-insensitive) or a file where a folder is needed
  'TooManyEntries',
  'EntryTooLarge', // one entry over the single-entry limit
  'TooLarge', // all entries together over the total limit
  'CompressionRatio', // an entry expands more than the allowed ratio (zip bomb)
  'InvalidManifest', // manifest.xml missing, malformed or incomplete
  'InvalidDataFile', // a data file cannot be read with its import format (structure, not single rows)
] as const
export type RejectionCode = (typeof RejectionCodes)[number]

export class EnvelopeRejected extends Error {
  override readonly name = 'EnvelopeRejected'
  constructor(
    readonly code: RejectionCode,
    message: string,
    /** Precise problems behind the message (e.g. each manifest problem), for the notification attachment. */
    readonly details: readonly string[] = [],
  ) {
    super(message)
  }
}

export function isEnvelopeRejected(e: unknown): e is EnvelopeRejected {
  return e instanceof EnvelopeRejected
}

export function corrupt(detail: string): EnvelopeRejected {
  return new EnvelopeRejected('Corrupt', `The envelope zip file is damaged: ${detail}.`)
}

/** Classifies an error message of the zip reader (yauzl) or the inflater. */
export function fromZipReaderError(message: string): EnvelopeRejected {
  if (/unexpected EOF|unexpected end of file/i.test(message)) {
    return new EnvelopeRejected('Truncated', 'The envelope zip file is incomplete: it ends in the middle of an entry.')
  }
  return corrupt(message.replace(/[.\s]+$/, ''))
}
