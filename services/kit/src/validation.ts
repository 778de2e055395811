import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv

const make = (coerceTypes: boolean | 'array') =>
  addFormats(new Ajv({ coerceTypes, removeAdditional: false, allErrors: true, useDefaults: true, strict: false }))

/**
 * Query strings and path parameters arrive as text and are coerced to their declared types. JSON bodies are
 * validated as sent: coercing them would silently turn a `null` into `0` or `""` inside nullable unions.
 */
const bodyAjv = make(false)
const textAjv = make('array')

export const validatorFor = (httpPart: string | undefined) => (httpPart === 'body' ? bodyAjv : textAjv)
