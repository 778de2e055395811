// The manifests against what each process reads (its TypeBox config schema): every variable is set in the
// cluster unless its default is right there too, ports match containerPorts, and URLs name real Services.
import t from 'tap'
import type { TObject } from '@sinclair/typebox'
import { GatewayConfigSchema } from '../../services/gateway/src/config.js'
import { RegistryConfigSchema } from '../../services/registry/src/config.js'
import { ProjectsConfigSchema } from '../../services/projects/src/config.js'
import { EnvelopesConfigSchema } from '../../services/envelopes/src/config.js'
import { ResultsConfigSchema } from '../../services/results/src/config.js'
import { WorkerConfigSchema } from '../../workflows/src/config.js'
import { byKind, containersOf, generated, named, renderOverlay, type K8sObject } from './render.js'

const schemas: Record<string, TObject> = {
  gateway: GatewayConfigSchema, registry: RegistryConfigSchema, projects: ProjectsConfigSchema,
  envelopes: EnvelopesConfigSchema, results: ResultsConfigSchema, worker: WorkerConfigSchema,
}
// Defaults that are also right in a cluster (an empty NATS subject prefix, the 2 GiB envelope limit, the
// one-second poll of the inbox drop folder). Anything else a process reads must be set by the manifests.
const defaultsFitTheCluster = new Set(['LIGATURE_NATS_NAMESPACE', 'LIGATURE_MAX_ENVELOPE_BYTES', 'LIGATURE_DROP_POLL_MS'])

/** The environment a container sees: its ConfigMap envFrom keys (with values) and its own env names. */
function environment(objects: K8sObject[], workload: string): Map<string, string | undefined> {
  const [c] = containersOf(named(objects, 'Deployment', workload))
  const env = new Map<string, string | undefined>()
  for (const from of c!.envFrom ?? []) {
    const cm = byKind(objects, 'ConfigMap').find((o) => o.metadata.name === from.configMapRef?.name)
    for (const [k, v] of Object.entries((cm?.data ?? {}) as Record<string, string>)) env.set(k, v)
  }
  for (const e of c!.env ?? []) env.set(e.name, e.value)
  return env
}

const servicePort = (objects: K8sObject[], name: string) =>
  byKind(objects, 'Service').find((s) => s.metadata.name === name)?.spec.ports[0]?.port as number | undefined

for (const overlay of ['dev', 'prod'] as const) {
  const objects = renderOverlay(overlay)

  t.test(`${overlay}: every variable a process reads is set (its localhost default would not work in a pod)`, async (t) => {
    for (const [workload, schema] of Object.entries(schemas)) {
      const env = environment(objects, workload)
      for (const key of Object.keys(schema.properties)) {
        if (defaultsFitTheCluster.has(key)) continue
        t.ok(env.has(key), `${workload} gets ${key}`)
      }
    }
  })

  t.test(`${overlay}: each service listens on the port its container and Service declare`, async (t) => {
    for (const name of ['gateway', 'registry', 'projects', 'envelopes', 'results']) {
      const port = Number(environment(objects, name).get(`${name.toUpperCase()}_PORT`))
      const [c] = containersOf(named(objects, 'Deployment', name))
      t.equal(c!.ports![0]!.containerPort, port, `${name} containerPort = ${name.toUpperCase()}_PORT`)
      t.equal(servicePort(objects, name), port, `${name} Service port = ${name.toUpperCase()}_PORT`)
    }
    const [config] = generated(objects, 'ConfigMap', 'ligature-config')
    t.equal(containersOf(named(objects, 'Deployment', 'portal'))[0]!.ports![0]!.containerPort, Number(config!.data.PORTAL_PORT))
  })

  t.test(`${overlay}: service URLs and addresses name a Service on its port`, async (t) => {
    const [config] = generated(objects, 'ConfigMap', 'ligature-config')
    const data = config!.data as Record<string, string>
    for (const key of ['REGISTRY_URL', 'PROJECTS_URL', 'ENVELOPES_URL', 'RESULTS_URL', 'NATS_URL']) {
      const url = new URL(data[key]!)
      t.equal(servicePort(objects, url.hostname), Number(url.port), `${key} → Service ${url.hostname}:${url.port}`)
    }
    const [host, port] = data.TEMPORAL_ADDRESS!.split(':')
    t.equal(host, 'temporal')
    t.ok(named(objects, 'Service', host!).spec.ports.some((p: { port: number }) => p.port === Number(port)), 'TEMPORAL_ADDRESS names the gRPC port')
  })

  t.test(`${overlay}: DATABASE_URL and the secrets come from the Secret, never from the ConfigMap`, async (t) => {
    const [config] = generated(objects, 'ConfigMap', 'ligature-config')
    for (const key of ['DATABASE_URL', 'LIGATURE_INTERNAL_SECRET', 'LIGATURE_SECRETS_KEY']) t.notOk(key in config!.data, `${key} is not plain config`)
    const [registry] = containersOf(named(objects, 'Deployment', 'registry'))
    // dev generates the Secret (name gets a hash suffix), prod expects it under its plain name.
    t.match(registry!.env!.find((e: { name: string; valueFrom?: { secretKeyRef?: { name?: string } } }) => e.name === 'LIGATURE_SECRETS_KEY')?.valueFrom?.secretKeyRef?.name, /^ligature-secrets(-[a-z0-9]{10})?$/)
  })
}

t.test('dev: the generated secrets satisfy the services\' own length rules and are not the built-in defaults', async (t) => {
  const [secret] = generated(renderOverlay('dev'), 'Secret', 'ligature-secrets')
  const value = (k: string) => Buffer.from(String(secret!.data[k]).replace(/\n/g, ''), 'base64').toString()
  t.ok(value('LIGATURE_INTERNAL_SECRET').length >= RegistryConfigSchema.properties.LIGATURE_INTERNAL_SECRET.minLength!)
  t.ok(value('LIGATURE_SECRETS_KEY').length >= RegistryConfigSchema.properties.LIGATURE_SECRETS_KEY.minLength!)
  // NODE_ENV=production makes the registry refuse its public default key; the dev Secret must not be that key.
  t.not(value('LIGATURE_SECRETS_KEY'), RegistryConfigSchema.properties.LIGATURE_SECRETS_KEY.default)
  t.match(value('DATABASE_URL'), `:${value('POSTGRES_PASSWORD')}@postgres:5432/`, 'DATABASE_URL carries the postgres password')
})
