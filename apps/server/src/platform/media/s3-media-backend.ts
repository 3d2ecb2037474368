import type { S3Client } from '@aws-sdk/client-s3';
import { MEDIA_KEY, type MediaBackend, type StoredObject } from './media-backend.js';

export interface S3MediaConfig {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** An ETag that is the content's MD5 (single-part uploads); multipart ETags (`…-N`) are not. */
function md5OfEtag(etag: string | undefined): string | null {
  const value = etag?.replaceAll('"', '').toLowerCase();
  return value && /^[0-9a-f]{32}$/.test(value) ? value : null;
}

type Sdk = typeof import('@aws-sdk/client-s3');

function isNotFound(sdk: Sdk, error: unknown): boolean {
  return (
    error instanceof sdk.S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Files in an S3-compatible bucket, under the same keys as the local folder, through the official
 * AWS SDK (Signature V4). Only PutObject, GetObject, HeadObject, DeleteObject and ListObjectsV2
 * are used, so MinIO, Wasabi, R2 and the like work as well as AWS.
 */
export class S3MediaBackend implements MediaBackend {
  readonly location = 's3' as const;
  private loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;

  constructor(readonly config: S3MediaConfig) {}

  /** The SDK is loaded on first use (a dynamic import: its own chunk), so a server without S3 never loads it. */
  private open(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: this.createClient(sdk) }));
    return this.loaded;
  }

  private createClient(sdk: Sdk): S3Client {
    const config = this.config;
    return new sdk.S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Since 2025 the SDK adds CRC32 checksums to every upload by default; many S3-compatible
      // stores refuse them. Checksums only when the operation requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async put(key: string, content: Buffer): Promise<void> {
    const { sdk, client } = await this.open();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: checked(key),
        Body: content,
        ContentType: 'application/octet-stream',
        ContentLength: content.length,
      }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    const { sdk, client } = await this.open();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: checked(key) }));
      if (!answer.Body) return Buffer.alloc(0);
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isNotFound(sdk, error)) return undefined;
      throw error;
    }
  }

  async head(key: string): Promise<StoredObject | undefined> {
    const { sdk, client } = await this.open();
    try {
      const answer = await client.send(new sdk.HeadObjectCommand({ Bucket: this.config.bucket, Key: checked(key) }));
      return { key, size: answer.ContentLength ?? 0, modifiedAt: answer.LastModified ?? new Date(0), md5: md5OfEtag(answer.ETag) };
    } catch (error) {
      if (isNotFound(sdk, error)) return undefined;
      throw error;
    }
  }

  /** S3 answers 204 whether or not the object existed: a HEAD first tells which. */
  async delete(key: string): Promise<boolean> {
    if (!(await this.head(key))) return false;
    const { sdk, client } = await this.open();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: checked(key) }));
    return true;
  }

  /** ListObjectsV2, a page (up to 1,000 keys) at a time. */
  async *list(): AsyncGenerator<StoredObject> {
    const { sdk, client } = await this.open();
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.config.bucket, ContinuationToken: token, MaxKeys: 1000 }));
      for (const item of page.Contents ?? []) {
        if (!item.Key || !MEDIA_KEY.test(item.Key)) continue;
        yield { key: item.Key, size: item.Size ?? 0, modifiedAt: item.LastModified ?? new Date(0), md5: md5OfEtag(item.ETag) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async destroy(): Promise<void> {
    if (this.loaded) (await this.loaded).client.destroy();
  }
}

function checked(key: string): string {
  if (!MEDIA_KEY.test(key)) throw new Error('invalid media key');
  return key;
}
