import type { MediaLocation } from '@conversa/shared';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MEDIA_KEY, type MediaBackend, type StoredObject } from './media-backend.js';

export { MEDIA_KEY } from './media-backend.js';

/** How long a node trusts the active location it read (another node's migration may switch it). */
const LOCATION_TTL_MS = 5000;

export interface MediaStoreOptions {
  local: MediaBackend;
  /** Present when the MEDIA_S3_* settings are. */
  s3?: MediaBackend;
  signingKey: string;
  /** Where files are kept now (the database's media_storage_state); default: always the local folder. */
  loadLocation?: () => Promise<MediaLocation>;
  onLocationError?: (error: unknown) => void;
}

/**
 * Files of messages, stored under unguessable keys `<tenantId>/<random>` in the local folder
 * (DATA_DIR/media, the default) or an S3-compatible bucket, whichever is active. Every read,
 * write, delete and listing of every module goes through here. They are served only through
 * short-lived signed URLs, which are issued after a tenant check.
 *
 * Writes go to the active location; a read tries the active location, then the other one, so a
 * file written elsewhere while a migration ran (or by a node that had not yet seen the switch) is
 * still found.
 */
export class MediaStore {
  private readonly backends: Partial<Record<MediaLocation, MediaBackend>>;
  private cached: { location: MediaLocation; at: number } | undefined;

  constructor(private readonly options: MediaStoreOptions) {
    this.backends = { local: options.local, s3: options.s3 };
  }

  /** The backend of a location, or undefined when it is not configured (S3 without its settings). */
  backend(location: MediaLocation): MediaBackend | undefined {
    return this.backends[location];
  }

  /**
   * Where files are written now. Without S3 settings, always the local folder (no query). Otherwise
   * the database's answer, read once and then refreshed in the background when older than 5 s (a
   * media read or write never waits on that query again, whatever transaction its caller holds).
   */
  async location(): Promise<MediaLocation> {
    if (!this.backends.s3) return 'local';
    if (!this.cached) return this.loadLocation();
    if (Date.now() - this.cached.at >= LOCATION_TTL_MS && !this.loading) void this.loadLocation();
    return this.cached.location;
  }

  private loading: Promise<MediaLocation> | undefined;

  private loadLocation(): Promise<MediaLocation> {
    this.loading ??= (async () => {
      let location: MediaLocation = this.cached?.location ?? 'local';
      try {
        location = (await this.options.loadLocation?.()) ?? 'local';
      } catch (error) {
        this.options.onLocationError?.(error);
      }
      this.cached = { location, at: Date.now() };
      return location;
    })().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** Reads the location again now (after this node switched it). */
  async refreshLocation(): Promise<void> {
    // A read started before the switch may answer the old location: wait for it, then read again.
    await this.loading;
    this.cached = undefined;
    await this.loadLocation();
  }

  private async active(): Promise<MediaBackend> {
    return this.backends[await this.location()] as MediaBackend;
  }

  private async others(): Promise<MediaBackend[]> {
    const active = await this.location();
    return Object.values(this.backends).filter((b): b is MediaBackend => !!b && b.location !== active);
  }

  async save(tenantId: number, content: Buffer): Promise<string> {
    const key = `${tenantId}/${randomBytes(24).toString('base64url')}`;
    await (await this.active()).put(key, content);
    return key;
  }

  async read(key: string): Promise<Buffer | undefined> {
    if (!MEDIA_KEY.test(key)) throw new Error('invalid media key');
    const found = await (await this.active()).get(key);
    if (found) return found;
    for (const other of await this.others()) {
      const elsewhere = await other.get(key);
      if (elsewhere) return elsewhere;
    }
    return undefined;
  }

  /**
   * Every stored file of the active location (platform maintenance: the orphaned-media cleanup),
   * streamed. Names that are not media keys are skipped.
   */
  async *entries(): AsyncGenerator<{ key: string; size: number; modifiedAt: Date }> {
    for await (const file of (await this.active()).list()) yield { key: file.key, size: file.size, modifiedAt: file.modifiedAt };
  }

  /** Deletes a stored file wherever it is (a copy left at a migration's source included); false when it was nowhere. */
  async remove(key: string): Promise<boolean> {
    let removed = false;
    for (const backend of Object.values(this.backends)) if (backend && (await backend.delete(key))) removed = true;
    return removed;
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
    return createHmac('sha256', this.options.signingKey).update(`${key}:${expires}:${mime}`).digest('base64url');
  }
}

export type { StoredObject };
