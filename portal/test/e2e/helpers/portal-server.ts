import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPortalApp } from '../../../server/app.js';

export const portalRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const buildDir = path.join(portalRoot, 'build');

/** Starts the built portal (as `npm start` does) on a free port. */
export async function startPortal(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = await createPortalApp(buildDir);
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
