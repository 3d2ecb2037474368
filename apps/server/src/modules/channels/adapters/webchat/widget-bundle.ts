import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * The embeddable widget (apps/widget, built to apps/widget/dist/widget.js). Found by walking up from
 * this module, which works from the sources (tests, dev) and from the server bundle (apps/server/dist).
 */
function locate(): string | undefined {
  let dir = import.meta.dirname;
  for (let i = 0; i < 10; i++) {
    for (const candidate of [join(dir, 'widget', 'dist', 'widget.js'), join(dir, 'apps', 'widget', 'dist', 'widget.js')]) {
      if (existsSync(candidate)) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

let cached: { path: string; mtimeMs: number; content: Buffer; etag: string } | undefined;

/** The bundle and its ETag; re-read when the file changes (a rebuild while the server runs). */
export async function readWidgetBundle(): Promise<{ content: Buffer; etag: string } | undefined> {
  const path = cached?.path ?? locate();
  if (!path) return undefined;
  const info = await stat(path).catch(() => undefined);
  if (!info) {
    cached = undefined;
    return undefined;
  }
  if (cached?.path !== path || cached.mtimeMs !== info.mtimeMs) {
    const content = await readFile(path);
    cached = { path, mtimeMs: info.mtimeMs, content, etag: `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"` };
  }
  return { content: cached.content, etag: cached.etag };
}
