import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Generates the OpenAPI document through the contracts workspace when a fresh checkout lacks it. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const file = path.join(repoRoot, 'contracts/openapi/ligature-v3.3.json');

if (!existsSync(file)) {
  console.log(`${path.relative(repoRoot, file)} is missing; generating it with the contracts workspace.`);
  execFileSync('npm', ['run', 'openapi', '-w', '@ligature/contracts'], { cwd: repoRoot, stdio: 'inherit' });
  if (!existsSync(file)) throw new Error(`npm run openapi did not write ${file}`);
}
