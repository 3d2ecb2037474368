import type { Logger } from 'pino';
import type { Env } from '../../config/env.js';
import type { Database } from '../db/client.js';
import { LocalMediaBackend } from './local-media-backend.js';
import { readMediaLocation } from './media-location.repository.js';
import { MediaStore } from './media-store.js';
import { S3MediaBackend, type S3MediaConfig } from './s3-media-backend.js';

/** The S3 settings when all are given (the environment check refuses a partial set). */
export function s3ConfigOf(env: Env): S3MediaConfig | undefined {
  const { MEDIA_S3_ENDPOINT, MEDIA_S3_REGION, MEDIA_S3_BUCKET, MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY } = env;
  if (!MEDIA_S3_ENDPOINT || !MEDIA_S3_REGION || !MEDIA_S3_BUCKET || !MEDIA_S3_ACCESS_KEY_ID || !MEDIA_S3_SECRET_ACCESS_KEY)
    return undefined;
  return {
    endpoint: MEDIA_S3_ENDPOINT,
    region: MEDIA_S3_REGION,
    bucket: MEDIA_S3_BUCKET,
    accessKeyId: MEDIA_S3_ACCESS_KEY_ID,
    secretAccessKey: MEDIA_S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE,
  };
}

/** The media store of the process: the local folder, S3 when configured, the active one read from the database. */
export function createMediaStore(env: Env, database: Database, logger: Logger, signingKey: string): MediaStore {
  const s3 = s3ConfigOf(env);
  return new MediaStore({
    local: new LocalMediaBackend(env.DATA_DIR),
    s3: s3 ? new S3MediaBackend(s3) : undefined,
    signingKey,
    loadLocation: () => readMediaLocation(database.db),
    onLocationError: (error) => logger.warn({ err: error }, 'could not read the media location; keeping the last known'),
  });
}
