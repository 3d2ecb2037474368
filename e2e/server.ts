import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { serverHeapArgs } from '../scripts/server-node-args.mjs';

const root = resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  output: () => string;
  stop(): Promise<void>;
  /** Ends the process with SIGKILL, as a crash would (its DATA_DIR stays). */
  kill(): Promise<void>;
  /** Starts the product again on the same DATA_DIR and port (after kill). */
  restart(): Promise<void>;
}

/**
 * The ports the products of this worker listen on: a range of its own (VITEST_POOL_ID), below the
 * system's ephemeral ports. A port the system handed out (listen on 0) was free only until the probe
 * closed it: a product of another worker, still starting, could be given the same one, and this
 * product's readiness check then reached that one (its first start's admin unknown here: a 401).
 */
const PORTS_PER_WORKER = 400;
const FIRST_PORT = 21_000 + (Number(process.env.VITEST_POOL_ID ?? 1) - 1) * PORTS_PER_WORKER;
let nextPort = 0;

/** The next port of this worker's range that nothing listens on. */
async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORTS_PER_WORKER; tries++) {
    const port = FIRST_PORT + (nextPort++ % PORTS_PER_WORKER);
    const free = await new Promise<boolean>((resolveFree) => {
      const probe = createServer();
      probe.once('error', () => resolveFree(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolveFree(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${FIRST_PORT}–${FIRST_PORT + PORTS_PER_WORKER - 1}`);
}

/**
 * Runs the built product as `npm start` does (apps/server/dist/main.js, its heap bound) on a fresh
 * embedded database: a copy of the run's migrated one (global-setup.ts), with no tenant yet, so the
 * product's first start creates tenant 1 and the admin. `emptyDataDir` starts it on an empty DATA_DIR
 * instead (the product creates and migrates its database itself, as on a first `npm start`).
 */
export async function startProduct(env: Record<string, string> = {}, { emptyDataDir = false } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-e2e-'));
  if (!emptyDataDir) cpSync(inject('pgdataTemplate'), join(dataDir, 'pgdata'), { recursive: true });
  let output = '';
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  const launch = async () => {
    // With npm start's heap bound (scripts/server-node-args.mjs); source maps stay off here.
    child = spawn(
      process.execPath,
      [...serverHeapArgs({ ...process.env, DATABASE_URL: '', ...env }), join(root, 'apps/server/dist/main.js')],
      {
        cwd: root,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      try {
        if ((await fetch(`${url}/ready`)).ok) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`server not ready in 60 s:\n${output}`);
  };
  const running = () => child.exitCode === null && child.signalCode === null;
  await launch();
  return {
    url,
    output: () => output,
    async stop() {
      if (running()) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      if (!running()) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    restart: launch,
  };
}
