// Writes the OpenAPI document for the portal's API reference (a turbo task the portal build depends on).
import { mkdirSync, writeFileSync } from 'node:fs'
import { buildOpenApiDocument } from '../src/openapi.js'

const out = new URL('../openapi/ligature-v3.3.json', import.meta.url)
mkdirSync(new URL('.', out), { recursive: true })
writeFileSync(out, JSON.stringify(buildOpenApiDocument(), null, 2) + '\n')
console.log(`wrote ${out.pathname}`)
