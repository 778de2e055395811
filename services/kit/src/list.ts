import type { FastifyReply } from 'fastify'
import { LIST_LIMIT_DEFAULT } from '@ligature/contracts'

export interface Page { limit: number; offset: number }

export const pageOf = (query: { limit?: number; offset?: number } | undefined): Page => ({
  limit: query?.limit ?? LIST_LIMIT_DEFAULT,
  offset: query?.offset ?? 0,
})

/** Lists answer a JSON array; the total before paging goes in X-Total-Count. */
export function sendPage<T>(reply: FastifyReply, items: T[], total: number): T[] {
  reply.header('x-total-count', String(total))
  return items
}
