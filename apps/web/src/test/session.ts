import type { LoginResponse, Profile } from '@conversa/shared';
import { saveLogin } from '../lib/session';

interface TestUser {
  userId?: number;
  tenantId?: number;
  username?: string;
  email?: string;
  queues?: LoginResponse['queues'];
  blockWavoip?: boolean;
}

/** Stores a session as a login would (the test's user, of this profile and tenant). */
export function signInAs(
  profile: Profile,
  { userId = 7, tenantId = 1, username = 'Ana Souza', email = 'ana@example.com', queues = [], blockWavoip = false }: TestUser = {},
): void {
  saveLogin({
    token: 'access-token',
    refreshToken: 'refresh-token',
    username,
    profile,
    userId,
    tenantId,
    email,
    queues,
    blockWavoip,
    whatsappAllowed: true,
    configs: { filtrosAtendimento: null, isDark: false, language: null, notificationSound: true },
  });
}
