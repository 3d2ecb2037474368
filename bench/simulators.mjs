// Loads the provider simulators (packages/simulators, TypeScript) into a bench script: esbuild
// (installed at the repository root) bundles packages/simulators/src/index.ts into a temp folder
// under node_modules/.cache (ignored by git and the linters), npm dependencies (fastify,
// @fastify/multipart) staying external and resolved from the root node_modules; the bundle is
// imported and the folder removed at cleanup. No build step, nothing written elsewhere.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { onCleanup, ROOT } from './lib.mjs';

export async function loadSimulators() {
  // Inside the repository (not /tmp) so that the bundle's bare imports resolve from ROOT/node_modules.
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'conversa-bench-simulators-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const outfile = join(dir, 'simulators.mjs');
  await build({
    entryPoints: [join(ROOT, 'packages/simulators/src/index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}
