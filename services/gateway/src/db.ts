import type { Generated } from 'kysely'

export interface TokensTable {
  id: Generated<string>
  name: string
  role: string
  projects: string[]
  token_hash: Buffer
  created_at: Generated<Date>
  expires_at: Date | null
  revoked_at: Date | null
}
export interface GatewayDb { tokens: TokensTable }
export const GATEWAY_SCHEMA = 'gateway'
