// Loads the provider simulators (packages/simulators, TypeScript) into a bench script: esbuild
// (installed at the repository root) bundles packages/simulators/src/index.ts into a temp folder
// under node_modules/.cache (ignored by git and the linters), npm dependencies (fastify,
// @fastify/multipart) staying external and resolved from the root node_modules; the bundle is
// imported and the folder removed at cleanup. No build step, nothing written elsewhere.
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { onCleanup, ROOT } from './lib.mjs';

export async function loadSimulators() {
  return import(pathToFileURL(await bundleSimulators()).href);
}

/** Bundles packages/simulators into a temp folder (removed at cleanup); answers the bundle's path. */
async function bundleSimulators() {
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
  return outfile;
}

/**
 * Starts a simulator in a process of its own (`starter`: the simulators' export, e.g.
 * 'startMetaCloudSimulator'; `options`: its JSON-serialisable options) and answers with its plain
 * fields (url, token, ids…). For a bench whose simulator takes a steady load: a provider is another
 * machine, and in the bench's own process its work would delay the load generator's timers and
 * replies, so the latency measured would include the simulator's turns of the client's event loop.
 * The process is stopped at cleanup (and stops itself when the bench exits).
 */
export async function startSimulatorProcess(starter, options = {}) {
  const outfile = await bundleSimulators();
  const child = fork(join(ROOT, 'bench', 'simulator-process.mjs'), [pathToFileURL(outfile).href, starter, JSON.stringify(options)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [], // not the bench's own Node flags (an --inspect port would clash)
  });
  let stopping = false;
  onCleanup(() => {
    stopping = true;
    child.kill('SIGTERM');
  });
  return new Promise((resolveStarted, reject) => {
    const exitBeforeStart = (code) => reject(new Error(`the simulator process (${starter}) exited with ${code} before it started`));
    child.once('exit', exitBeforeStart);
    child.once('message', (fields) => {
      child.off('exit', exitBeforeStart);
      child.once('exit', (code, signal) => {
        if (!stopping)
          console.error(`the simulator process (${starter}) exited during the bench (${signal ?? code}): its sends fail from now on`);
      });
      resolveStarted({ ...fields, pid: child.pid });
    });
  });
}
