import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from './inbox.js';

/**
 * The product started as `npm start` starts it (src/main.ts, embedded database) in a DATA_DIR that
 * an older version left open to everyone: afterwards nothing in it is readable by another local user.
 */

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
let child: ChildProcess | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'conversa-data-'));

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Every path under `dir` (itself included) with its permission bits. */
function modes(dir: string): Array<{ path: string; mode: number; directory: boolean }> {
  const stat = lstatSync(dir);
  const here = [{ path: dir, mode: stat.mode & 0o777, directory: stat.isDirectory() }];
  if (!stat.isDirectory()) return here;
  return [...here, ...readdirSync(dir).flatMap((name) => modes(join(dir, name)))];
}

describe('DATA_DIR permissions', () => {
  it('closes an open DATA_DIR and creates the database files, the secrets file and folders for the server user only (0700 / 0600)', async () => {
    // What an older version left: everything open to everyone.
    chmodSync(dataDir, 0o777);
    mkdirSync(join(dataDir, 'media', '1'), { recursive: true, mode: 0o777 });
    chmodSync(join(dataDir, 'media'), 0o755);
    writeFileSync(join(dataDir, 'media', '1', 'old-file'), 'x', { mode: 0o666 });
    chmodSync(join(dataDir, 'media', '1', 'old-file'), 0o666);

    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: 'root@data-dir.test',
        ADMIN_PASSWORD: 'Root-pass-1!',
      },
      stdio: 'ignore',
    });
    await eventually(
      async () => {
        const response = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
        return response?.ok ? true : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 250, what: 'the server to answer /health' },
    );
    child.kill('SIGTERM');
    expect(await new Promise((resolve) => child!.once('exit', resolve))).toBe(0);

    const all = modes(dataDir);
    const names = all.map((entry) => entry.path.slice(dataDir.length));
    expect(names).toContain('/secrets.json');
    expect(names).toContain('/pgdata/pg_wal');
    expect(names.filter((name) => name.startsWith('/pgdata/')).length).toBeGreaterThan(100);
    const open = all.filter((entry) => (entry.mode & 0o077) !== 0).map((entry) => `${entry.path} ${entry.mode.toString(8)}`);
    expect(open).toEqual([]);
    expect(all.find((entry) => entry.path === dataDir)?.mode).toBe(0o700);
    for (const entry of all) expect(entry.mode, entry.path).toBe(entry.directory ? 0o700 : 0o600);
    // A cold start from the sources (tsx, a new embedded database migrated) took 54 s beside the
    // other suites' first files: the test allows the /health wait its own 120 s and the stop after it.
  }, 180_000);
});
