import { Errors, notFoundMessage, type ErrorKey, type ResourceName } from '@ligature/contracts'

export interface FieldProblem { path: string; message: string }

/** The only error type handlers throw; the error policy turns it into the answer. */
export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly errors?: FieldProblem[]) {
    super(message)
    this.name = 'ApiError'
  }
}

export const apiError = (key: ErrorKey, errors?: FieldProblem[]) => new ApiError(Errors[key].status, Errors[key].message, errors)
export const notFound = (resource: ResourceName) => new ApiError(404, notFoundMessage(resource))
export const unauthorized = () => apiError('unauthorized')

/** Postgres unique violation on the named constraint. */
export const isUniqueViolation = (err: unknown, constraint?: string) =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505' &&
  (constraint === undefined || (err as { constraint?: string }).constraint === constraint)
