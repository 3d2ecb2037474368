// `npm start`: install what is missing, build, then run the server (API + web app on one port,
// embedded PostgreSQL in DATA_DIR unless DATABASE_URL is set). Migrations run on start.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';
import { serverNodeArgs } from './server-node-args.mjs';

ensureInstalled();
ensureBuilt();

// The heap bound (SERVER_MAX_OLD_SPACE_MB, or NODE_OPTIONS): see server-node-args.mjs.
const server = spawn(process.execPath, [...serverNodeArgs(), join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
