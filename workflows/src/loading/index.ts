/**
 * Envelope reading and record loading: pure library code with file-system I/O only. The envelope workflow's
 * activities call it; Postgres COPY and notifications are wired there.
 *
 *   extractEnvelope(zip, workFolder, limits)  → files on disk, or EnvelopeRejected
 *   readEnvelopeManifest(extracted)           → Manifest, or EnvelopeRejected('InvalidManifest')
 *   parseDataFile({ path, format, layout })   → async rows / invalid rows, or EnvelopeRejected('InvalidDataFile')
 *   rowPreprocessor(options)(row)             → stored record shape, or invalid row
 *   recordValues + copyTextLine               → lines for `COPY … FROM STDIN`
 *   InvalidRowsReport                         → `rowNumber,reason` CSV attachment
 *   writeSyntheticDataset(options, files)     → seeded benchmark data with ground truth
 */
export { EnvelopeRejected, RejectionCodes, isEnvelopeRejected, type RejectionCode } from './envelope/rejection.js'
export { DEFAULT_ZIP_LIMITS, type ZipLimits } from './envelope/zip-limits.js'
export { extractEnvelope, type ExtractedEnvelope, type ExtractedFile } from './envelope/extract-zip.js'
export {
  MANIFEST_FILE_NAME, MANIFEST_NAMESPACE, parseManifest,
  type Manifest, type ManifestDataFile, type ManifestMetadataFile, type ManifestResult,
} from './envelope/manifest.js'
export { MAX_MANIFEST_BYTES, readEnvelopeManifest } from './envelope/read-manifest.js'

export {
  DERIVED_FIELDS, LINKAGE_FIELDS, LINKAGE_FIELD_MAX_LENGTH, MANDATORY_FIELD, canonicalLinkageField,
  type DerivedFieldName, type LinkageFieldName,
} from './linkage-fields.js'
export {
  dateFormatOf, fileLayoutFrom, importFormatProblems,
  type DataSourceSettingLike, type FileLayout, type ImportColumn, type ImportFormatSpec,
} from './parse/import-format.js'
export { parseDataFile, type DataFileInput } from './parse/parse-data-file.js'
export { DEFAULT_MAX_DATA_BYTES, MAX_RECORD_CHARS } from './parse/open-text.js'
export { isInvalidRow, type InvalidRow, type ParsedRow, type RowResult } from './parse/rows.js'

export {
  preprocessRow, rowPreprocessor,
  type PreprocessOptions, type PreprocessedRecord, type RowPreprocessor,
} from './preprocess/preprocess-row.js'

export { InvalidRowsReport, csvCell } from './report/invalid-rows-report.js'
export { RECORD_COLUMNS, copyTextLine, recordValues, type CopyValue } from './store/copy-text.js'

export { SYNTHETIC_IMPORT_FORMAT, SYNTHETIC_LAYOUT, writeSyntheticDataset, type DatasetFiles } from './synthetic/write-dataset.js'
