/** Limits applied while an envelope is extracted. All are enforced on the bytes actually inflated. */
export interface ZipLimits {
  /** Most entries (files and folders) one envelope may hold. */
  maxEntries: number
  /** Most bytes all entries may inflate to together. */
  maxTotalBytes: number
  /** Most bytes one entry may inflate to. */
  maxEntryBytes: number
  /** Most inflated bytes per compressed byte for one entry (a zip bomb reaches 1000+). */
  maxCompressionRatio: number
}

/**
 * Defaults sized for person-record envelopes: 1,000,000 rows of ~200 bytes are 200 MB, so 4 GiB per entry and
 * 8 GiB in total leave generous headroom while a bomb still stops early. Plain CSV compresses ~5-15×, never
 * near 200×.
 */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxTotalBytes: 8 * 1024 ** 3,
  maxEntryBytes: 4 * 1024 ** 3,
  maxCompressionRatio: 200,
}

/**
 * Ratio checks only make sense once an entry has inflated a meaningful amount: a 10-byte file stored in 2
 * compressed bytes is not a bomb. Below this many inflated bytes the ratio is not checked.
 */
export const RATIO_GRACE_BYTES = 1024 * 1024
