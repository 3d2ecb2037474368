import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, opendir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** `<tenantId>/<32 base64url characters>`: the name of a stored file. */
export const MEDIA_KEY = /^\d+\/[A-Za-z0-9_-]{32}$/;

/**
 * Files of messages, stored under unguessable keys `<tenantId>/<random>` in DATA_DIR/media.
 * They are served only through short-lived signed URLs, which are issued after a tenant check.
 */
export class MediaStore {
  private readonly root: string;

  constructor(
    dataDir: string,
    private readonly signingKey: string,
  ) {
    this.root = resolve(dataDir, 'media');
  }

  async save(tenantId: number, content: Buffer): Promise<string> {
    const key = `${tenantId}/${randomBytes(24).toString('base64url')}`;
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content, { mode: 0o600 });
    return key;
  }

  async read(key: string): Promise<Buffer | undefined> {
    const path = this.pathOf(key);
    try {
      await stat(path);
    } catch {
      return undefined;
    }
    return readFile(path);
  }

  /**
   * Every stored file (platform maintenance: the orphaned-media cleanup), tenant folder by tenant
   * folder, streamed (a folder's entries are never all in memory). Names that are not media keys are skipped.
   */
  async *entries(): AsyncGenerator<{ key: string; size: number; modifiedAt: Date }> {
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
        if (info) yield { key, size: info.size, modifiedAt: info.mtime };
      }
    }
  }

  /** Deletes a stored file; false when it was not there. */
  async remove(key: string): Promise<boolean> {
    try {
      await unlink(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  static tenantOf(key: string): number | undefined {
    const tenant = Number(key.split('/')[0]);
    return Number.isInteger(tenant) && tenant > 0 ? tenant : undefined;
  }

  /** A URL path valid for `ttlSeconds`; the signature covers key, expiry and the type it is served as. */
  signedPath(key: string, mime: string, ttlSeconds = 6 * 3600): string {
    const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
    const type = encodeURIComponent(mime);
    return `/media/${key}?expires=${expires}&type=${type}&signature=${this.sign(key, expires, mime)}`;
  }

  verify(key: string, expires: number, mime: string, signature: string): boolean {
    if (!Number.isInteger(expires) || expires < Date.now() / 1000) return false;
    const expected = Buffer.from(this.sign(key, expires, mime));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(key: string, expires: number, mime: string): string {
    return createHmac('sha256', this.signingKey).update(`${key}:${expires}:${mime}`).digest('base64url');
  }

  private pathOf(key: string): string {
    if (!MEDIA_KEY.test(key)) throw new Error('invalid media key');
    return join(this.root, ...key.split('/'));
  }
}
