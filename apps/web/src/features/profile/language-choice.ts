import type { Locale } from '@conversa/shared/enums';
import { changeLocale, currentLocale } from '../../lib/i18n';
import { notifyApiError } from '../../lib/notify';
import { getConfigs, saveConfigs } from '../../lib/session';
import { useSession } from '../../lib/useSession';
import { useUpdateConfigs } from '../users/api';

/**
 * Choosing the interface's language while signed in (the profile's select, the header's menu):
 * applied at once and kept in the user's configs on the server (PUT /users/{id}/configs), which the
 * next sign-in and every other device apply; put back if the server refuses.
 */
export function useChooseLanguage(): (language: Locale) => void {
  const session = useSession();
  const updateConfigs = useUpdateConfigs();
  return (language) => {
    const previous = currentLocale();
    const before = getConfigs().language;
    void changeLocale(language);
    saveConfigs({ language });
    if (!session) return;
    updateConfigs.mutate(
      { id: session.userId, configs: { language } },
      {
        onError: (error) => {
          // Only the language goes back: another setting changed meanwhile stays.
          saveConfigs({ language: before });
          void changeLocale(previous);
          notifyApiError(error);
        },
      },
    );
  };
}
