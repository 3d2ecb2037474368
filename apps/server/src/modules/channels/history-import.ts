import { historyImportSchema, type HistoryImportSettings } from '@conversa/shared';

/**
 * SPEC §3 Channel "import of messages and groups with dates, queue and close-after option": the
 * fields and their rules are shared with the channel form (@conversa/shared, forms/channel-settings.ts);
 * what each type does with them is in its adapter.
 */
export { HISTORY_SYNC_MAX_MESSAGES, checkHistoryImport, historyImportFields, type HistoryImportSettings } from '@conversa/shared';

/** The history options stored on a channel row (other keys ignored; nothing odd survives validation on save). */
export function historyImportSettingsOf(settings: Record<string, unknown> | null | undefined): HistoryImportSettings {
  const parsed = historyImportSchema.safeParse(settings ?? {});
  return parsed.success ? parsed.data : {};
}
