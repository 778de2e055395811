import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPortalApp } from './app.js';

// Thin runner: wiring, port and graceful shutdown only; the app lives in app.ts.
const portalRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';

const app = await createPortalApp(path.join(portalRoot, 'build'));
const server = app.listen(port, host, () => console.log(`Ligature portal listening on http://localhost:${port}`));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
