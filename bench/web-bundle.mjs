#!/usr/bin/env node
// JavaScript the web app makes the browser download, per route, from the Vite build manifest.
//
// A route loads the entry (index.html's script) with every chunk it imports statically, plus the
// lazy chunk of each screen the route shows (apps/web/src/app/router.tsx: lazyPage) and of what the
// signed-in screens load with them (APP below), with the chunks those import statically. Not
// counted: the toasts' container (app/NotificationsOnDemand.tsx), fetched with the first toast (≈ 9 kB;
// a fresh load of these routes shows none, a login does), and the language files other than pt. Sizes are gzip level 9 of each file, as a server or CDN would send them
// compressed; each file counts once per route. Prints every route's total against the budgets of
// issue 9 (login ≤ 150 kB, inbox ≤ 250 kB; kB = 1000 bytes, as Vite prints them).
//
//   npm run build -w apps/web    # writes apps/web/dist/.vite/manifest.json
//   node bench/web-bundle.mjs [--verbose]
//
// Builds nothing; exits 0 whether or not the budgets are met (1 when the manifest is missing).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readOptions, ROOT } from './lib.mjs';

const DIST = join(ROOT, 'apps/web/dist');
const MANIFEST = join(DIST, '.vite/manifest.json');

/**
 * What the signed-in app loads with its first screen besides the screens' own chunks (lazyPage's
 * `queries` and `texts: 'inbox'` options in apps/web/src/app/lazy-page.tsx): TanStack Query's provider
 * and the inbox's sections of the pt file (apps/web/src/locales/first-sections.ts).
 */
const APP = ['src/app/QueryScope.tsx', 'src/locales/pt.json?inbox'];

/** The lazy chunks each measured route loads, as their source modules (manifest keys). */
const ROUTES = [
  { name: 'login (/#/login)', budgetKb: 150, screens: ['src/features/auth/pages/LoginPage.tsx'] },
  {
    name: 'inbox (/#/atendimento/chats)',
    budgetKb: 250,
    screens: [...APP, 'src/app/SignedInApp.tsx', 'src/features/tickets/pages/AtendimentoLayout.tsx'],
  },
  {
    name: 'inbox with a ticket open (/#/atendimento/:ticketId)',
    budgetKb: 250,
    screens: [
      ...APP,
      'src/app/SignedInApp.tsx',
      'src/features/tickets/pages/AtendimentoLayout.tsx',
      'src/features/tickets/pages/ChatPage.tsx',
    ],
  },
];

const opts = readOptions(
  { verbose: { type: 'boolean', default: false, help: 'list every file of each route' } },
  'node bench/web-bundle.mjs [options]',
);

if (!existsSync(MANIFEST)) {
  console.error(`No build manifest at ${MANIFEST}. Run \`npm run build\` (or \`npm run build -w apps/web\`) first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('the manifest has no entry');

/** The chunk of `key` and every chunk it imports statically, as manifest keys. */
function closure(key, into = new Set()) {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`'${key}' is not in the build manifest (was it renamed? update ROUTES in this script)`);
  into.add(key);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}

const sizes = new Map();
function size(key) {
  let s = sizes.get(key);
  if (!s) {
    const content = readFileSync(join(DIST, manifest[key].file));
    s = { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
    sizes.set(key, s);
  }
  return s;
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const entryFiles = closure(entryKey);
const entryGzip = [...entryFiles].reduce((sum, key) => sum + size(key).gzip, 0);
console.log(`entry (${manifest[entryKey].file} and its static imports): ${entryFiles.size} files, ${kb(entryGzip)} gzip`);

for (const route of ROUTES) {
  const files = new Set(entryFiles);
  for (const screen of route.screens) {
    if (!manifest[screen]?.isDynamicEntry)
      console.warn(`! ${screen} is not a lazy chunk: it is in the entry (is it still imported statically?)`);
    closure(screen, files);
  }
  // Chunks are named by their hash (apps/web/vite.config.ts): the list shows each one's source or chunk name too.
  const list = [...files]
    .map((key) => ({ file: manifest[key].file, label: manifest[key].src ?? manifest[key].name ?? '', ...size(key) }))
    .sort((a, b) => b.gzip - a.gzip);
  const gzip = list.reduce((sum, f) => sum + f.gzip, 0);
  const raw = list.reduce((sum, f) => sum + f.raw, 0);
  console.log(
    `${route.name}: ${list.length} files, ${kb(raw)} raw, ${kb(gzip)} gzip (budget ≤ ${route.budgetKb} kB) → ${gzip <= route.budgetKb * 1000 ? 'MET' : 'MISSED'}`,
  );
  const shown = opts.verbose ? list : list.slice(0, 6);
  for (const f of shown) console.log(`    ${kb(f.gzip).padStart(9)}  ${f.file.padEnd(24)} ${f.label}`);
  if (!opts.verbose && list.length > shown.length) console.log(`    … ${list.length - shown.length} smaller files (--verbose lists them)`);
}
