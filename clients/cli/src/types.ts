/** The gateway's answers the CLI reads (the contract's schemas, contracts/src/entities, kept to what is used). */
export interface Envelope { name: string; displayName: string; status: number; statusName: string; type: number; typeName: string; createdDate: string | null }
export interface Notification { id: number; logLevel: string; message: string; attachmentFilename: string | null; createdOn: string }
export interface Job { id: number; name: string; state: string; processingStart: string | null; processingFinish: string | null; stats: { name: string; value: string }[] }
export interface Extraction { id: number; extractionProjectId: string; projectCode: string; eventTypeCode: string; status: number; statusName: string; createdDateTime: string }
export interface Result { id: number; extractionId: number; name: string; sender: string; canDownload: boolean }

/**
 * EnvelopeStatus of contracts/src/enums.ts. Extractions answer `status` in the schema's reading (3 = Complete,
 * DECISIONS "Status readings"), so they are judged by `statusName` alone.
 */
export const Status = { Failed: 3, Complete: 4 } as const
export const isFinal = (status: number) => status === Status.Failed || status === Status.Complete
