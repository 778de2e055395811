/** Texts and stats of an extraction's job and notification: pure, so the workflow and its tests share them. */
export interface ExtractionSummaryInput {
  eventTypeCode: string; extractionProjectId: string; enduring: boolean
  rows: number; listedIds: number | null; unknownIds: number; unknownSample: string[]; resultName: string
}

export function extractionStats(o: ExtractionSummaryInput): { name: string; value: string }[] {
  return [
    { name: 'Records extracted', value: String(o.rows) },
    ...(o.listedIds !== null ? [{ name: 'Ids requested', value: String(o.listedIds) }, { name: 'Ids not found', value: String(o.unknownIds) }] : []),
    { name: 'Person keys', value: o.enduring ? 'Enduring' : 'Snapshot (masked)' },
    { name: 'Result', value: o.resultName },
  ]
}

export function extractionMessage(o: ExtractionSummaryInput): string {
  let text = `Extraction of ${o.eventTypeCode} into ${o.extractionProjectId} complete: ${o.rows} records in ${o.resultName}.`
  if (o.listedIds !== null && o.unknownIds > 0) {
    const more = o.unknownIds > o.unknownSample.length ? ` and ${o.unknownIds - o.unknownSample.length} more` : ''
    text += ` ${o.unknownIds} of the ${o.listedIds} requested Source Unique IDs are not in the linkage map (never loaded, deleted, or loaded after a snapshot): ${o.unknownSample.join(', ')}${more}.`
  }
  return text
}
