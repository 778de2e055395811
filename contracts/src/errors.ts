/** Error catalogue of spec section 8 plus Ligature's documented additions (contracts/DECISIONS.md). */
export const Errors = {
  unauthorized: { status: 401, message: 'User does not have required permissions.' },
  uploadFailed: { status: 400, message: 'Something went wrong.' },
  createEventType: { status: 400, message: 'Unable to create event type.' },
  unparseableBody: { status: 400, message: 'Could not parse the request body.' },
  createProject: { status: 400, message: 'Unable to create the linkage project.' },
  deleteActiveProject: { status: 400, message: 'Unable to delete project. Verify project is inactive.' },
  deleteImportFormat: { status: 400, message: 'Unable to delete import format' },
  createWeightCurve: { status: 400, message: 'Unable to create the weight curve.' },
  createMatchStrategy: { status: 400, message: 'Unable to create the match strategy.' },
  extractionProjectCodeUsed: { status: 409, message: 'Extraction project code already used.' },
  importFormatCodeUsed: { status: 409, message: 'Import format code already used.' },
  projectCodeUsed: { status: 409, message: 'Linkage project code is already used.' },
  resultAlreadyDeleted: { status: 304, message: 'Result file is already deleted.' },
  // Ligature additions, documented in the portal.
  staleVersion: { status: 409, message: 'The resource was modified by someone else. Read it again and retry.' },
  envelopeNameUsed: { status: 409, message: 'Envelope name is already used.' },
  envelopeTooLarge: { status: 413, message: 'Envelope is larger than the size limit.' },
  bodyTooLarge: { status: 413, message: 'The request body is larger than the size limit.' },
  requestTimeout: { status: 408, message: 'The request took too long to arrive.' },
  headersTooLarge: { status: 431, message: 'The request line or headers are larger than the size limit.' },
  dataProviderCodeUsed: { status: 409, message: 'Data provider code is already used.' },
  eventTypeCodeUsed: { status: 409, message: 'Event type code is already used.' },
  invalidRequest: { status: 400, message: 'The request is not valid.' },
  resultDeleted: { status: 410, message: 'Result file was deleted.' },
  internal: { status: 500, message: 'Something went wrong on our side.' },
  unsupportedVersion: { status: 404, message: 'API version {version} is not supported.' },
  routeNotFound: { status: 404, message: 'Route {method}:{path} not found.' },
} as const satisfies Record<string, { status: number; message: string }>

export type ErrorKey = keyof typeof Errors

export const Resources = [
  'Data provider', 'Event type', 'Import format', 'Project', 'Match strategy', 'Weight curve',
  'Match provider', 'Extraction project', 'Extraction', 'Envelope', 'Linkage', 'Workflow', 'Job',
  'Notification', 'Result', 'Estimate', 'Clerical review',
] as const
export type ResourceName = (typeof Resources)[number]

/** The spec's `X resource can not be found.` pattern. */
export const notFoundMessage = (resource: ResourceName) => `${resource} resource can not be found.`
