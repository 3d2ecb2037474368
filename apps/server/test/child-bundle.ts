import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const serverRoot = resolve(import.meta.dirname, '..');

/**
 * Bundles a server entry (src/main.ts, or a test's own entry) from the sources, as apps/server/build.mjs
 * does, for a test to run as a child process that it can SIGKILL. The bundle lives under
 * apps/server/node_modules/.cache so that it finds apps/server/drizzle and resolves npm packages as
 * the build does. `remove` deletes it.
 */
export async function bundleForChildProcess(entry: string, name: string): Promise<{ file: string; remove: () => void }> {
  const cache = join(serverRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, `conversa-${name}-`));
  const file = join(dir, `${name}.js`);
  await build({
    // The worker that reads contact files runs beside the bundle, as in apps/server/build.mjs.
    entryPoints: {
      [name]: join(serverRoot, entry),
      'contact-file.worker': join(serverRoot, 'src/modules/contacts/contact-file.worker.ts'),
    },
    outdir: dir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'warning',
    plugins: [
      {
        name: 'externalize-npm-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@conversa/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Runs a bench script (`bench/…mjs`, relative to the repository) with `--json --server <main>` and
 * answers the figures of its `RESULT {…}` line with the whole output; fails with the output when it
 * exits non-zero or prints no result.
 */
export function runBenchScript<T>(
  script: string,
  main: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ figures: T; output: string }> {
  const repoRoot = resolve(serverRoot, '../..');
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, script), '--json', '--server', main, ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = output.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) reject(new Error(`${script} failed (exit ${code}):\n${output}`));
      else resolveRun({ figures: JSON.parse(line.slice('RESULT '.length)) as T, output });
    });
  });
}
