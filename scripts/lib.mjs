// Helpers shared by `npm start` and `npm test`: install what is missing, build what is stale.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) process.exit(status);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** npm ci when node_modules is missing or older than package-lock.json. */
export function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(join(root, 'package-lock.json')).mtimeMs) return;
  console.log('> installing dependencies (npm ci)…');
  runOrExit('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Builds the web app and the server bundle when their sources changed since the last build. */
export function ensureBuilt() {
  const shared = newestMtime(join(root, 'packages/shared/src'));
  const targets = [
    {
      name: 'web-chat widget',
      output: 'apps/widget/dist/widget.js',
      sources: ['apps/widget/src', 'apps/widget/build.mjs'],
      workspace: 'apps/widget',
    },
    {
      name: 'web app',
      output: 'apps/web/dist/index.html',
      sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts'],
      workspace: 'apps/web',
    },
    { name: 'server', output: 'apps/server/dist/main.js', sources: ['apps/server/src', 'apps/server/build.mjs'], workspace: 'apps/server' },
  ];
  for (const target of targets) {
    const built = newestMtime(join(root, target.output));
    const changed = Math.max(shared, ...target.sources.map((s) => newestMtime(join(root, s))));
    if (built && built >= changed) continue;
    console.log(`> building the ${target.name}…`);
    runOrExit('npm', ['run', 'build', '-w', target.workspace]);
  }
}

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((path) => existsSync(path));
}
