import { FormatRegistry } from '@sinclair/typebox'

// TypeBox's own checker (used on NATS events and workflow inputs) rejects formats it does not know; Fastify's
// Ajv knows these already. Registering them here keeps both checkers in agreement.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (v) => DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)))
if (!FormatRegistry.Has('byte')) FormatRegistry.Set('byte', (v) => BASE64.test(v))
