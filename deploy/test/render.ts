// Renders a kustomize overlay offline with `kubectl kustomize` and parses every document with `yaml`.
// Results are cached per process: each test file renders an overlay once.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseAllDocuments } from 'yaml'

export const repoRoot = resolve(import.meta.dirname, '../..')
export const KUBECTL = process.env.KUBECTL ?? '/usr/bin/kubectl'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed Kubernetes YAML: the tests walk any manifest field and assert on it
export type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string> }; [key: string]: any }
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export type Container = { name: string; image?: string; command?: string[]; args?: string[]; ports?: { name?: string; containerPort: number }[]; [key: string]: any }

/** Parses a multi-document YAML stream; any syntax error throws instead of being dropped. */
export function parseDocuments(text: string): K8sObject[] {
  return parseAllDocuments(text).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`YAML error: ${doc.errors[0]!.message}`)
    return doc.toJS() as K8sObject
  }).filter((o) => o !== null)
}

const cache = new Map<string, K8sObject[]>()
export function renderOverlay(overlay: 'dev' | 'prod'): K8sObject[] {
  const hit = cache.get(overlay)
  if (hit) return hit
  if (!existsSync(KUBECTL)) throw new Error(`kubectl not found at ${KUBECTL}: it renders the manifests offline (kubectl kustomize); install it or set KUBECTL`)
  const text = execFileSync(KUBECTL, ['kustomize', resolve(repoRoot, 'deploy/overlays', overlay)], { encoding: 'utf8', timeout: 30_000 })
  const objects = parseDocuments(text)
  cache.set(overlay, objects)
  return objects
}

export const WORKLOAD_KINDS = ['Deployment', 'StatefulSet']
export const workloads = (objects: K8sObject[]) => objects.filter((o) => WORKLOAD_KINDS.includes(o.kind))
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export const podSpec = (workload: K8sObject) => workload.spec.template.spec as { containers: Container[]; initContainers?: Container[]; [key: string]: any }
export const containersOf = (workload: K8sObject): Container[] => [...(podSpec(workload).initContainers ?? []), ...podSpec(workload).containers]
export const byKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind)
export const named = (objects: K8sObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name)
  if (!found) throw new Error(`no ${kind} named ${name}`)
  return found
}
/** Generated objects carry a hash suffix (ligature-config-5k8…); match them by their generator name. */
export const generated = (objects: K8sObject[], kind: string, name: string) =>
  objects.filter((o) => o.kind === kind && new RegExp(`^${name}-[a-z0-9]{10}$`).test(o.metadata.name))
