// The Tiltfile and the Dockerfile, checked without Tilt or a Docker engine: Starlark syntax (through Python's
// parser), image refs and resource names against the rendered dev manifests, and sync paths against the tree.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { containersOf, renderOverlay, repoRoot, workloads } from './render.js'

// Lists every call of the Tilt functions we check, with constant arguments only (non-constants become null).
const EXTRACT = `
import ast, json, sys
tree = ast.parse(open(sys.argv[1]).read(), sys.argv[1])
def value(node):
    try: return ast.literal_eval(node)
    except Exception: return None
calls = []
for node in ast.walk(tree):
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        calls.append({'fn': node.func.id, 'args': [value(a) for a in node.args],
                      'kwargs': {k.arg: value(k.value) for k in node.keywords if k.arg}, 'line': node.lineno})
print(json.dumps(sorted(calls, key=lambda c: c['line'])))
`
type Call = { fn: string; args: unknown[]; kwargs: Record<string, unknown>; line: number }
const tiltfile = join(repoRoot, 'Tiltfile')
let parsed: Call[] | undefined
const calls = (): Call[] => (parsed ??= JSON.parse(execFileSync('python3', ['-c', EXTRACT, tiltfile], { encoding: 'utf8' })))
const of = (fn: string) => calls().filter((c) => c.fn === fn)

t.test('the Tiltfile parses as Python syntax (Starlark is a subset)', async (t) => {
  t.doesNotThrow(() => execFileSync('python3', ['-c', 'import ast,sys; ast.parse(open(sys.argv[1]).read())', tiltfile], { stdio: 'pipe' }))
  t.throws(() => execFileSync('python3', ['-c', 'import ast,sys; ast.parse(sys.argv[1])', "k8s_resource('gateway',"], { stdio: 'pipe' }), 'a broken call is a syntax error')
})

t.test('it is guarded to local contexts and applies the dev overlay', async (t) => {
  const allowed = of('allow_k8s_contexts')[0]?.args[0] as string[]
  t.ok(Array.isArray(allowed) && allowed.length > 0, 'allow_k8s_contexts lists contexts')
  t.same(of('kustomize').map((c) => c.args[0]), ['deploy/overlays/dev'])
  t.equal(of('k8s_yaml').length, 1)
})

t.test('every docker_build image ref is used by the rendered dev manifests', async (t) => {
  const images = workloads(renderOverlay('dev')).flatMap(containersOf).map((c) => c.image!.replace(/:[^:/]+$/, ''))
  const builds = of('docker_build')
  t.equal(builds.length, 1, 'one image for every Ligature process')
  for (const b of builds) {
    t.ok(images.includes(b.args[0] as string), `${String(b.args[0])} appears in the manifests (Tilt only rewrites exact matches)`)
    t.ok(existsSync(join(repoRoot, b.kwargs.dockerfile as string)), `${String(b.kwargs.dockerfile)} exists`)
  }
})

t.test('live_update: fall_back_on first, then syncs of existing source folders into /app', async (t) => {
  const fallBack = of('fall_back_on')
  const syncs = of('sync')
  t.equal(fallBack.length, 1)
  t.ok(fallBack[0]!.line < Math.min(...syncs.map((s) => s.line)), 'Tilt requires fall_back_on before any sync')
  const triggers = fallBack[0]!.args[0] as string[]
  for (const f of ['package.json', 'package-lock.json']) t.ok(triggers.includes(f), `${f} forces a full rebuild`)
  for (const f of triggers) t.ok(existsSync(join(repoRoot, f)), `${f} exists`)
  const synced = syncs.map((s) => s.args[0] as string)
  const expected = ['contracts/src', 'workflows/src', 'workflows/engine/src', ...['kit', 'gateway', 'registry', 'projects', 'envelopes', 'results'].map((s) => `services/${s}/src`)]
  t.same([...synced].sort(), [...expected].sort(), 'contracts, every runtime service and the workflows are synced')
  for (const s of syncs) {
    t.ok(existsSync(join(repoRoot, s.args[0] as string)), `${String(s.args[0])} exists`)
    t.equal(s.args[1], `/app/${String(s.args[0])}`, `${String(s.args[0])} lands at the same path under /app`)
  }
})

t.test('every k8s_resource names a workload, and every workload has one', async (t) => {
  const names = workloads(renderOverlay('dev')).map((w) => w.metadata.name).sort()
  const resources = of('k8s_resource')
  t.same(resources.map((r) => r.args[0]).sort(), names)
  const forwards = Object.fromEntries(resources.map((r) => [r.args[0], (r.kwargs.port_forwards ?? []) as string[]]))
  t.ok((forwards.gateway ?? []).includes('8080:8080'), 'gateway on 8080')
  t.ok((forwards.portal ?? []).includes('3000:3000'), 'portal on 3000')
  t.ok((forwards.temporal ?? []).includes('8233:8233'), 'Temporal UI on 8233')
  for (const r of resources) t.ok(Array.isArray(r.kwargs.labels) && (r.kwargs.labels as string[]).length > 0, `${String(r.args[0])} is labelled`)
})

t.test('the Ligature workloads wait for postgres, nats and temporal', async (t) => {
  // resource_deps are expressions (INFRA + SERVICES), so read them from the source rather than the AST constants.
  const text = readFileSync(tiltfile, 'utf8')
  t.match(text, /INFRA = \['postgres', 'nats', 'temporal'\]/)
  for (const name of ['registry', 'projects', 'envelopes', 'results', 'gateway', 'worker']) {
    t.match(text, new RegExp(`k8s_resource\\('${name}',[^\\n]*resource_deps=INFRA`), `${name} depends on the infrastructure`)
  }
})

t.test('the Dockerfile: multi-stage, installs every workspace from the lock file, runs as non-root', async (t) => {
  const dockerfile = readFileSync(join(repoRoot, 'deploy/docker/Dockerfile'), 'utf8')
  t.ok((dockerfile.match(/^FROM /gm) ?? []).length >= 2, 'multi-stage')
  t.match(dockerfile, /npm install --no-save/)
  t.match(dockerfile, /npm run build -w @ligature\/portal/)
  t.match(dockerfile, /^USER 1000(:1000)?$/m, 'numeric non-root user, so runAsNonRoot can verify it')
  t.notMatch(dockerfile, /FROM \S+:latest/)
  // A workspace missing here would be absent from node_modules' workspace links inside the image.
  const rootPkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }
  const workspaceDirs = rootPkg.workspaces.flatMap((w) => w.endsWith('/*')
    ? readdirSync(join(repoRoot, w.slice(0, -2))).map((d) => `${w.slice(0, -2)}/${d}`)
    : [w]).filter((d) => existsSync(join(repoRoot, d, 'package.json')))
  for (const dir of workspaceDirs) t.match(dockerfile, `COPY ${dir}/package.json ${dir}/`, `${dir}/package.json is copied before npm install`)
  const ignore = readFileSync(join(repoRoot, '.dockerignore'), 'utf8')
  t.match(ignore, /node_modules/, 'host node_modules never enter the build context')
})
