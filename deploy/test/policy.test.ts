// Cross-object rules that schemas cannot express: selectors, ports, probes, resources, image tags, secrets.
import t from 'tap'
import { byKind, containersOf, generated, named, renderOverlay, workloads, type K8sObject } from './render.js'

const subset = (small: Record<string, string> = {}, big: Record<string, string> = {}) =>
  Object.entries(small).every(([k, v]) => big[k] === v)
const templateLabels = (w: K8sObject) => w.spec.template.metadata?.labels ?? {}

for (const overlay of ['dev', 'prod'] as const) {
  const objects = renderOverlay(overlay)

  t.test(`${overlay}: every workload selector is a non-empty subset of its pod template labels`, async (t) => {
    for (const w of workloads(objects)) {
      const selector = w.spec.selector?.matchLabels ?? {}
      t.ok(Object.keys(selector).length > 0, `${w.metadata.name} has a selector`)
      t.ok(subset(selector, templateLabels(w)), `${w.metadata.name}: selector ⊆ template labels`)
    }
  })

  t.test(`${overlay}: every Service selects exactly one workload and targets a port its containers declare`, async (t) => {
    for (const svc of byKind(objects, 'Service')) {
      const selected = workloads(objects).filter((w) => subset(svc.spec.selector, templateLabels(w)))
      t.equal(selected.length, 1, `Service ${svc.metadata.name} selects one workload`)
      const ports = selected.flatMap((w) => containersOf(w).flatMap((c) => c.ports ?? []))
      for (const p of svc.spec.ports) {
        const target = p.targetPort ?? p.port
        const found = ports.some((cp) => (typeof target === 'number' ? cp.containerPort === target : cp.name === target))
        t.ok(found, `Service ${svc.metadata.name} port ${p.name} → targetPort ${target} exists on a container`)
      }
    }
  })

  t.test(`${overlay}: every container has probes, resource requests and limits, and a pinned image`, async (t) => {
    for (const w of workloads(objects)) {
      for (const c of containersOf(w)) {
        const where = `${w.metadata.name}/${c.name}`
        t.ok(c.readinessProbe, `${where} readiness probe`)
        t.ok(c.livenessProbe, `${where} liveness probe`)
        t.ok(c.resources?.requests?.cpu && c.resources?.requests?.memory, `${where} cpu and memory requests`)
        t.ok(c.resources?.limits?.memory, `${where} memory limit`)
        t.match(c.image, /^[^:]+(:[\w][\w.-]*)$/, `${where} image ${c.image} has an explicit tag`)
        t.notMatch(c.image, /:latest$/, `${where} image is not :latest`)
      }
    }
  })

  t.test(`${overlay}: Ligature services probe /readyz and /healthz`, async (t) => {
    for (const name of ['gateway', 'registry', 'projects', 'envelopes', 'results']) {
      const [c] = containersOf(named(objects, 'Deployment', name))
      t.equal(c!.readinessProbe.httpGet?.path, '/readyz', `${name} readiness`)
      t.equal(c!.livenessProbe.httpGet?.path, '/healthz', `${name} liveness`)
    }
  })

  t.test(`${overlay}: Temporal exposes gRPC 7233 and the Web UI on 8233, with its state on a volume`, async (t) => {
    const ports = named(objects, 'Service', 'temporal').spec.ports.map((p: { port: number }) => p.port)
    t.same(ports.sort(), [7233, 8233])
    const [c] = containersOf(named(objects, 'Deployment', 'temporal'))
    t.same(c!.ports!.map((p) => p.containerPort).sort(), [7233, 8233])
    t.match(c!.args!.join(' '), 'server start-dev --ip 0.0.0.0 --namespace default --search-attribute RunState=Keyword --db-filename /data/temporal.db')
    t.ok(c!.volumeMounts.some((m: { mountPath: string }) => m.mountPath === '/data'), 'the db file is on the mounted volume')
  })

  t.test(`${overlay}: envelopes and the worker share the ReadWriteMany data volume at LIGATURE_DATA_DIR`, async (t) => {
    t.same(named(objects, 'PersistentVolumeClaim', 'ligature-data').spec.accessModes, ['ReadWriteMany'])
    const [config] = generated(objects, 'ConfigMap', 'ligature-config')
    for (const name of ['envelopes', 'worker']) {
      const w = named(objects, 'Deployment', name)
      const volume = w.spec.template.spec.volumes.find((v: { name: string; persistentVolumeClaim?: { claimName?: string } }) => v.persistentVolumeClaim?.claimName === 'ligature-data')
      const mount = containersOf(w)[0]!.volumeMounts.find((m: { name: string }) => m.name === volume?.name)
      t.equal(mount?.mountPath, config!.data.LIGATURE_DATA_DIR, `${name} mounts it at LIGATURE_DATA_DIR`)
    }
  })

  t.test(`${overlay}: every ConfigMap and Secret reference resolves`, async (t) => {
    const configMaps = new Map(byKind(objects, 'ConfigMap').map((o) => [o.metadata.name, Object.keys(o.data ?? {})]))
    const secrets = new Map(byKind(objects, 'Secret').map((o) => [o.metadata.name, Object.keys(o.data ?? {})]))
    for (const w of workloads(objects)) {
      for (const c of containersOf(w)) {
        for (const from of c.envFrom ?? []) if (from.configMapRef) t.ok(configMaps.has(from.configMapRef.name), `${w.metadata.name}: envFrom ${from.configMapRef.name}`)
        for (const e of c.env ?? []) {
          const cm = e.valueFrom?.configMapKeyRef
          if (cm) t.ok(configMaps.get(cm.name)?.includes(cm.key), `${w.metadata.name}: ${e.name} from ConfigMap ${cm.name}/${cm.key}`)
          const sk = e.valueFrom?.secretKeyRef
          // prod ships no Secret: its keys are documented in deploy/overlays/prod/README.md and checked below.
          if (sk && overlay === 'dev') t.ok(secrets.get(sk.name)?.includes(sk.key), `${w.metadata.name}: ${e.name} from Secret ${sk.name}/${sk.key}`)
          if (sk && overlay === 'prod') t.equal(sk.name, 'ligature-secrets', `${w.metadata.name}: ${e.name} from the pre-created Secret`)
        }
      }
    }
  })
}

const replicas = (objects: K8sObject[]) => Object.fromEntries(byKind(objects, 'Deployment').map((d) => [d.metadata.name, d.spec.replicas]))
const nodeCommands = (objects: K8sObject[]) => workloads(objects).flatMap(containersOf).filter((c) => c.command?.[0] === 'node')

t.test('dev: tag dev, one replica each, node --watch, and a generated dev Secret', async (t) => {
  const objects = renderOverlay('dev')
  t.ok(Object.values(replicas(objects)).every((n) => n === 1), 'one replica each')
  t.ok(workloads(objects).flatMap(containersOf).filter((c) => c.image?.startsWith('ligature')).every((c) => c.image === 'ligature:dev'))
  t.equal(nodeCommands(objects).length, 6, 'five services and the worker run node')
  for (const c of nodeCommands(objects)) t.equal(c.command![1], '--watch', `${c.name} restarts on a synced change`)
  t.equal(generated(objects, 'Secret', 'ligature-secrets').length, 1)
})

t.test('prod: pinned tag, two replicas of gateway/services/worker, no Secret and no dev secret values', async (t) => {
  const objects = renderOverlay('prod')
  const n = replicas(objects)
  for (const name of ['gateway', 'registry', 'projects', 'envelopes', 'results', 'worker']) t.equal(n[name], 2, `${name} runs two replicas`)
  for (const c of workloads(objects).flatMap(containersOf).filter((c) => c.image?.startsWith('ligature'))) {
    t.match(c.image, /^ligature:\d+\.\d+\.\d+$/, `${c.name} uses a pinned release tag`)
  }
  for (const c of nodeCommands(objects)) t.notOk(c.command!.includes('--watch'), `${c.name} runs without a file watcher`)
  t.same(byKind(objects, 'Secret'), [], 'prod expects an existing Secret')
  const prodText = JSON.stringify(objects)
  const [devSecret] = generated(renderOverlay('dev'), 'Secret', 'ligature-secrets')
  for (const [key, value] of Object.entries(devSecret!.data as Record<string, string>)) {
    const plain = Buffer.from(value.replace(/\n/g, ''), 'base64').toString()
    t.notOk(prodText.includes(plain) || prodText.includes(value), `prod does not carry the dev ${key}`)
  }
  t.notMatch(prodText, /dev-only/, 'no dev-only literal anywhere in prod')
})
