import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { transcribeAudioMessage } from '../use-cases/transcribe-audio.js';

/** The transcript of one customer audio (use-cases/transcribe-audio.ts): queued by listeners/transcribe-inbound-audio.ts. */
export const transcribeAudioJob = defineJob({
  name: 'aiBot.transcribeAudio',
  schema: z.object({ tenantId: z.number().int(), messageId: z.uuid() }),
  retryLimit: 3,
  retryDelaySeconds: 5,
  concurrency: 5,
  handler: (ctx, data, attempt) => transcribeAudioMessage(ctx, data, attempt),
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'aiBot.transcribeAudio': z.input<typeof transcribeAudioJob.schema>;
  }
}
