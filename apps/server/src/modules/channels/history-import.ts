import { z } from 'zod';

/**
 * SPEC §3 Channel "import of messages and groups with dates, queue and close-after option" and
 * SPEC §5 "History sync: positive numbers only": options a QR-code channel type adds to its own
 * settings (`settingsSchema`) when it can honour them. All optional, so channels saved before keep
 * their settings unchanged. What each type does with them is in its adapter.
 */
export const HISTORY_SYNC_MAX_MESSAGES = 10_000;

const isoDate = (field: string) => z.iso.date({ error: `${field}: a valid date (YYYY-MM-DD).` });

export const historyImportFields = {
  /** Import the messages exchanged before the channel was connected (between importFrom and importTo). */
  importOldMessages: z.boolean().optional(),
  // null clears a stored value (an edit lays its keys over the stored settings).
  importFrom: isoDate('Import from').nullable().optional(),
  importTo: isoDate('Import to').nullable().optional(),
  /** At most this many past messages per chat (History sync: positive numbers only). */
  historySyncLimit: z
    .number({ error: 'History sync: positive numbers only.' })
    .int('History sync: whole numbers only.')
    .positive('History sync: positive numbers only.')
    .max(HISTORY_SYNC_MAX_MESSAGES, `History sync: at most ${HISTORY_SYNC_MAX_MESSAGES} messages.`)
    .nullable()
    .optional(),
  /** Import group chats too. */
  importGroups: z.boolean().optional(),
  /** The queue of the tickets the import opens (one of the tenant's queues). */
  importQueueId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  /** Close (resolve) the tickets the import opens, without farewell. */
  closeImportedTickets: z.boolean().optional(),
};

export type HistoryImportSettings = { [K in keyof typeof historyImportFields]?: z.output<(typeof historyImportFields)[K]> };

/** Rules across the fields: from ≤ to. */
export function checkHistoryImport(settings: HistoryImportSettings, ctx: z.RefinementCtx): void {
  if (settings.importFrom && settings.importTo && settings.importFrom > settings.importTo) {
    ctx.addIssue({ code: 'custom', path: ['importTo'], message: 'Import to: must be on or after the import start date.' });
  }
}

const historyImportSchema = z.object(historyImportFields);

/** The history options stored on a channel row (other keys ignored; nothing odd survives validation on save). */
export function historyImportSettingsOf(settings: Record<string, unknown> | null | undefined): HistoryImportSettings {
  const parsed = historyImportSchema.safeParse(settings ?? {});
  return parsed.success ? parsed.data : {};
}
