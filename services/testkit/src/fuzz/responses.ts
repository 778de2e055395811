import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { Components, JsonSchema } from './schema-values.js'

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv

interface Doc {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }>>
  components: { schemas: Components }
}

/**
 * Validators of each operation's documented JSON success answers, keyed `operationId status`. Component
 * `$ref`s resolve against the document's own `components`.
 */
export function responseValidators(doc: Doc): (op: string, status: number, body: Buffer) => string | null {
  const ajv = addFormats(new Ajv({ strict: false, allErrors: false, validateFormats: true }))
  const validators = new Map<string, ValidateFunction>()
  for (const methods of Object.values(doc.paths)) {
    for (const op of Object.values(methods)) {
      for (const [status, response] of Object.entries(op.responses)) {
        const schema = response.content?.['application/json']?.schema
        // File answers (downloads) are bytes, whatever their content type.
        if (!schema || !/^2/.test(status) || (schema as { format?: string }).format === 'binary') continue
        validators.set(`${op.operationId} ${status}`, ajv.compile({ ...schema, components: doc.components }))
      }
    }
  }
  return (op, status, body) => {
    const validate = validators.get(`${op} ${status}`)
    if (!validate) return null
    let value: unknown
    try { value = JSON.parse(body.toString('utf8')) } catch { return 'success body is not JSON' }
    return validate(value) ? null : `response does not match its schema: ${ajv.errorsText(validate.errors)}`
  }
}
