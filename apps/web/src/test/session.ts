import type { Profile } from '@conversa/shared';
import { saveLogin } from '../lib/session';

/** Stores a session as a login would (the test's user, of this profile and tenant). */
export function signInAs(profile: Profile, { tenantId = 1, username = 'Ana Souza', email = 'ana@example.com' } = {}): void {
  saveLogin({
    token: 'access-token',
    refreshToken: 'refresh-token',
    username,
    profile,
    userId: 7,
    tenantId,
    email,
    queues: [],
    blockWavoip: false,
    whatsappAllowed: true,
    configs: { filtrosAtendimento: null, isDark: false },
  });
}
