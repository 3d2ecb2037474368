import { flowExportSchema } from '@conversa/shared/chatbot';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import { zodFieldProblems } from '../../../platform/http/field-issues.js';
import type { Actor } from '../../auth/actor.js';
import type { FlowWithVersion } from '../chatbot.repository.js';
import { insertCheckedFlow } from './create-flow.js';

/**
 * POST /chat-flow/import: the text of an exported flow file. Not JSON → ERR_INVALID_JSON ('The
 * entered JSON format is invalid. Please correct and try again.'); JSON that is not a valid flow
 * (the same schema as the API) → ERR_VALIDATION with the offending fields. Imported as a new,
 * unpublished flow.
 */
export async function importFlow(ctx: AppContext, actor: Actor, json: string): Promise<FlowWithVersion> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new AppError('ERR_INVALID_JSON');
  }
  const result = flowExportSchema.safeParse(parsed);
  if (!result.success) {
    const problems = zodFieldProblems(result.error.issues, { input: parsed });
    throw new AppError('ERR_VALIDATION', `The file is not a valid flow: ${Object.keys(problems).slice(0, 5).join(', ')}.`, problems);
  }
  const { format: _format, version: _version, ...flow } = result.data;
  return transact(ctx, (tx) => insertCheckedFlow(ctx, tx, actor.tenantId, { ...flow, publish: false }));
}
