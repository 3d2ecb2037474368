import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, opendir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { MEDIA_KEY, type MediaBackend, type StoredObject } from './media-backend.js';

/** Files under DATA_DIR/media/<tenantId>/<random>, private to the server's user (0600). */
export class LocalMediaBackend implements MediaBackend {
  readonly location = 'local' as const;
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'media');
  }

  async put(key: string, content: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside then renamed: a copy interrupted half-way never leaves a short file under the key.
    const partial = `${path}.partial`;
    await writeFile(partial, content, { mode: 0o600 });
    await rename(partial, path);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async head(key: string): Promise<StoredObject | undefined> {
    const path = this.pathOf(key);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const hash = createHash('md5');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    return { key, size: info.size, modifiedAt: info.mtime, md5: hash.digest('hex') };
  }

  async delete(key: string): Promise<boolean> {
    try {
      await unlink(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  /** Tenant folder by tenant folder (a folder's entries are never all in memory); other names are skipped. */
  async *list(): AsyncGenerator<StoredObject> {
    const tenants = await opendir(this.root).catch(() => undefined);
    if (!tenants) return;
    for await (const tenant of tenants) {
      if (!tenant.isDirectory() || !/^\d+$/.test(tenant.name)) continue;
      const files = await opendir(join(this.root, tenant.name)).catch(() => undefined);
      if (!files) continue;
      for await (const file of files) {
        const key = `${tenant.name}/${file.name}`;
        if (!file.isFile() || !MEDIA_KEY.test(key)) continue;
        const info = await stat(this.pathOf(key)).catch(() => undefined);
        if (info) yield { key, size: info.size, modifiedAt: info.mtime, md5: null };
      }
    }
  }

  private pathOf(key: string): string {
    if (!MEDIA_KEY.test(key)) throw new Error('invalid media key');
    return join(this.root, ...key.split('/'));
  }
}
