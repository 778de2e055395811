// Schema validation through kubernetes-models (precompiled Ajv validators from the Kubernetes OpenAPI), plus a
// strict key check: upstream schemas rarely forbid unknown properties, so a misspelled field would pass
// validate(). The allowed keys come from the generated TypeScript declarations, read with the TS checker.
import { fileURLToPath } from 'node:url'
import type ts from 'typescript'
import type { K8sObject } from './render.js'

/** `apps/v1` + `Deployment` → `kubernetes-models/apps/v1/Deployment` (core group `v1` → `kubernetes-models/v1/…`). */
const modelPath = (apiVersion: string, kind: string) => `kubernetes-models/${apiVersion}/${kind}`

/**
 * kustomize folds long base64 values of Secret data over several lines. The API server decodes with Go's
 * base64, which ignores newlines, but the validator's `byte` format does not: join the lines first.
 */
function normaliseSecretData(object: K8sObject): K8sObject {
  if (object.kind !== 'Secret' || !object.data) return object
  const data = Object.fromEntries(Object.entries(object.data as Record<string, string>).map(([k, v]) => [k, v.replace(/\n/g, '')]))
  return { ...object, data }
}

type ModelClass = new (data: unknown) => { validate(): void }
export async function schemaErrors(object: K8sObject): Promise<string | undefined> {
  let Model: ModelClass
  try {
    Model = (await import(modelPath(object.apiVersion, object.kind)))[object.kind]
  } catch {
    return `no kubernetes-models schema for ${object.apiVersion} ${object.kind}`
  }
  try {
    new Model(normaliseSecretData(object)).validate()
    return undefined
  } catch (err) {
    return (err as Error).message
  }
}

const declarationFile = (apiVersion: string, kind: string) => fileURLToPath(import.meta.resolve(modelPath(apiVersion, kind))).replace(/\.js$/, '.d.ts')

/**
 * One TypeScript program over the declarations of every kind present (a few seconds, so build it once per
 * batch): types from different programs must never be mixed, each checker only understands its own.
 */
async function declaredTypes(objects: K8sObject[]): Promise<{ checker: ts.TypeChecker; typeOf: (o: K8sObject) => ts.Type }> {
  // Loaded on demand: only the schema test pays for the compiler.
  const { default: ts } = await import('typescript')
  const files = new Map(objects.map((o) => [`${o.apiVersion}/${o.kind}`, declarationFile(o.apiVersion, o.kind)]))
  const program = ts.createProgram([...files.values()], {
    noEmit: true, strict: true, skipLibCheck: true, types: [], lib: ['lib.es5.d.ts'], // es5 has Array; skip the DOM
    module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
  })
  const checker = program.getTypeChecker()
  const typeOf = (o: K8sObject) => {
    const source = program.getSourceFile(files.get(`${o.apiVersion}/${o.kind}`)!)!
    const decl = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === `I${o.kind}`)
    if (!decl) throw new Error(`no interface I${o.kind} in ${source.fileName}`)
    return checker.getTypeAtLocation(decl.name)
  }
  return { checker, typeOf }
}

function unknownKeys(c: ts.TypeChecker, value: unknown, declared: ts.Type, path: string, found: string[]): void {
  if (value === null || typeof value !== 'object') return
  const type = c.getNonNullableType(declared)
  if (Array.isArray(value)) {
    const element = c.isArrayType(type) ? c.getTypeArguments(type as ts.TypeReference)[0] : undefined
    if (element) value.forEach((item, i) => unknownKeys(c, item, element, `${path}[${i}]`, found))
    return
  }
  // Maps (labels, resource quantities) and unions (IntOrString) have no fixed key list.
  if (type.isUnion() || c.getIndexInfosOfType(type).length > 0) return
  if (c.getPropertiesOfType(type).length === 0) return
  for (const [key, child] of Object.entries(value)) {
    const property = type.getProperty(key)
    if (!property) found.push(`${path}.${key}`)
    else unknownKeys(c, child, c.getTypeOfSymbol(property), `${path}.${key}`, found)
  }
}

/** Per object, every key path its Kubernetes type does not declare, e.g. `Deployment.spec.template.spec.containers[0].imagePullPolicyy`. */
export async function strictKeyErrors(objects: K8sObject[]): Promise<string[][]> {
  const { checker, typeOf } = await declaredTypes(objects)
  return objects.map((o) => {
    const found: string[] = []
    unknownKeys(checker, o, typeOf(o), `${o.kind}/${o.metadata.name}`, found)
    return found
  })
}
