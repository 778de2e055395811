/** What the start command runs, and where each process answers. Ports follow DECISIONS.md defaults. */
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback)

export const ports = {
  gateway: port('GATEWAY_PORT', 8080), registry: port('REGISTRY_PORT', 8081), projects: port('PROJECTS_PORT', 8082),
  envelopes: port('ENVELOPES_PORT', 8083), results: port('RESULTS_PORT', 8084), portal: port('PORTAL_PORT', 3000),
}

const service = (name: keyof typeof ports) => ({
  name, command: ['node', '--import', 'tsx', `services/${name}/src/server.ts`],
  env: {} as Record<string, string>, ready: `http://127.0.0.1:${ports[name]}/readyz`,
})

export const processes = [
  service('registry'), service('projects'), service('envelopes'), service('results'), service('gateway'),
  { name: 'worker', command: ['node', '--import', 'tsx', 'workflows/src/worker.ts'], env: {}, ready: undefined },
  // Run directly, not through `npm run`: npm does not pass SIGTERM on, which would leave the server behind.
  { name: 'portal', command: ['node', '--import', 'tsx', 'portal/server/serve.ts'], env: { PORT: String(ports.portal) }, ready: `http://127.0.0.1:${ports.portal}/` },
]
