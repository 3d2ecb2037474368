// Bundles the server (and the workspace packages it imports) into dist/main.js, and the worker that
// reads contact files into dist/contact-file.worker.js beside it; npm dependencies stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', 'contact-file.worker': 'src/modules/contacts/contact-file.worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
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
