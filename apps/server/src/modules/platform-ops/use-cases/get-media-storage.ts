import type { MediaStorage } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { s3ConfigOf } from '../../../platform/media/create-media-store.js';
import type { Actor } from '../../auth/actor.js';
import { assertPlatformOperator } from '../platform-ops.policy.js';

/** /atualizar: where files are kept now and whether S3 is configured (bucket and endpoint, never the keys). */
export async function getMediaStorage(ctx: AppContext, actor: Actor): Promise<MediaStorage> {
  assertPlatformOperator(actor);
  const s3 = s3ConfigOf(ctx.env);
  return {
    active: await ctx.media.location(),
    s3Configured: !!ctx.media.backend('s3'),
    s3: s3 ? { endpoint: s3.endpoint, bucket: s3.bucket, region: s3.region } : null,
  };
}
