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
    entryPoints: [join(serverRoot, entry)],
    outfile: file,
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
