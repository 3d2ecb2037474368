import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Group and other bits: none may be set on DATA_DIR or anything in it. */
const OPEN_TO_OTHERS = 0o077;

/**
 * DATA_DIR holds the embedded database (its WAL carries provider secrets), media and the secrets
 * file: readable by the server's user only. Files are created 0600 and folders 0700 under the
 * process umask (main.ts sets 0077); DATA_DIR is created 0700, and a DATA_DIR found open to others
 * (left by an older version) is closed, with everything in it.
 */
export function secureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if ((lstatSync(dir).mode & OPEN_TO_OTHERS) === 0) return;
  closeToOthers(dir);
}

/**
 * Takes the group and other bits off `path` and everything in it. The embedded database needs it
 * after opening: PGlite lays out a new database from its bundled files with their own modes (0666),
 * which the umask does not reach.
 */
export function closeToOthers(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if (stat.mode & OPEN_TO_OTHERS) chmodSync(path, 0o700);
    for (const name of readdirSync(path)) closeToOthers(join(path, name));
  } else if (stat.mode & OPEN_TO_OTHERS) {
    chmodSync(path, stat.mode & 0o700);
  }
}
