// Bundles the server (and the workspace packages it imports) into dist/main.js, and the worker that
// reads contact files into dist/contact-file.worker.js beside it; npm dependencies stay external.
// Code reached only through a dynamic import() (a channel library, Redis) goes to a chunk of
// dist/chunks/ that Node loads when it is first needed, not at start.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts', 'contact-file.worker': 'src/modules/contacts/contact-file.worker.ts' },
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Stack traces need the mappings, not a copy of every source (npm start runs with --enable-source-maps).
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@conversa/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
