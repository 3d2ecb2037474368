import type { FlowMedia } from '@conversa/shared/chatbot';
import type { AppContext } from '../../../app-context.js';
import { checkUpload } from '../../../platform/media/uploads.js';
import type { Actor } from '../../auth/actor.js';

/** POST /chat-flow/media: stores a file for a flow's media interaction (type sniffed from the bytes, size limited). */
export async function uploadFlowMedia(
  ctx: AppContext,
  actor: Actor,
  file: { content: Buffer; mimetype: string; filename: string },
): Promise<FlowMedia> {
  const upload = await checkUpload(file.content, file.mimetype, file.filename);
  const key = await ctx.media.save(actor.tenantId, upload.content);
  return { key, name: upload.name, mime: upload.mime, size: upload.content.length, type: upload.type as FlowMedia['type'] };
}
