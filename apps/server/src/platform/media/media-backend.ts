import type { MediaLocation } from '@conversa/shared';

/** What a location tells about a stored file without reading it. */
export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
  /**
   * The content's MD5 as lowercase hex when the location knows it (S3's ETag of a single-part
   * upload; the local folder computes it on `head`). Null when unknown (multipart ETags).
   */
  md5: string | null;
}

/**
 * One place where files live (the local folder, an S3-compatible bucket). The media store is the
 * only caller: every module goes through the store, so every caller works with both.
 */
export interface MediaBackend {
  readonly location: MediaLocation;
  put(key: string, content: Buffer): Promise<void>;
  /** The whole file, or undefined when it is not there. */
  get(key: string): Promise<Buffer | undefined>;
  /** Size and checksum, or undefined when the file is not there. */
  head(key: string): Promise<StoredObject | undefined>;
  /** False when it was not there. */
  delete(key: string): Promise<boolean>;
  /** Every stored media key, streamed (never all in memory); `md5` may be null here. */
  list(): AsyncGenerator<StoredObject>;
}

/** `<tenantId>/<32 base64url characters>`: the name of a stored file. */
export const MEDIA_KEY = /^\d+\/[A-Za-z0-9_-]{32}$/;
