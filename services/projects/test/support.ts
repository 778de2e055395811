import { api, startPlatform, type Platform } from '@ligature/testkit'

/** Calls the gateway under /api/v3.3 with a token (admin by default); `token: null` sends none. */
export const caller = (platform: Platform) =>
  (method: string, path: string, body?: unknown, token: string | null = platform.adminToken) =>
    api(platform.url, method, `/api/v3.3${path}`, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) })

export const projectBody = (code: string, over: Record<string, unknown> = {}) => ({
  code, name: `Project ${code}`, description: `Linkage of ${code} collections`, notificationEmail: 'linkage@example.org',
  isActive: true, groupConfig: { groupStrategy: 'WeightedBestLinkOnDisk' },
  eventTypeMembers: [{ eventTypeId: 1, code: 'HOSPADM' }], projectLinks: [], ...over,
})

export const strategyBody = (over: Record<string, unknown> = {}) => ({
  name: 'Surname and birth year', order: 5, threshold: 9.5, isActive: true,
  blockingFields: [{ matchProviderFieldName: 'surnameNysiis', matchEmpty: false }, { matchProviderFieldName: 'doby' }],
  matchingFields: [
    { matchProviderFieldName: 'givenName', comparisonTypeName: 'JaroWinkler', comparisonTypeProperties: [{ name: 'threshold', value: '0.8' }],
      matchProbability: 0.9, nonMatchProbability: 0.02, weightCurveCode: 'NAMEJW' },
    { matchProviderFieldName: 'postcode', comparisonTypeName: 'Exact', matchProbability: 0.85, nonMatchProbability: 0.05, agreementWeight: 3.5 },
  ],
  ...over,
})

export const curveBody = (code: string, over: Record<string, unknown> = {}) => ({
  code, name: `Curve ${code}`, decimalScale: 2,
  points: [{ distance: 0, weightProportion: 0 }, { distance: 0.9, weightProportion: 0.6 }, { distance: 1, weightProportion: 1 }], ...over,
})

export const UNAUTHORIZED = { message: 'User does not have required permissions.' }
export type { Platform }
export { startPlatform }
