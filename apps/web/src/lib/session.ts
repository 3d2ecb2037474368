import type { LoginResponse, Profile, User, UserConfigs } from '@conversa/shared';

/**
 * The stored session (localStorage). Keys are plain strings so other tabs,
 * tests and the socket client can read them directly. The refresh token is
 * not here: it lives in an httpOnly cookie that scripts cannot read.
 */
export const STORAGE_KEYS = {
  token: 'token',
  username: 'username',
  profile: 'profile',
  userId: 'userId',
  tenantId: 'tenantId',
  email: 'email',
  queues: 'queues',
  blockWavoip: 'blockWavoip',
  whatsappAllowed: 'whatsappAllowed',
  configs: 'configs',
} as const;

/** Not part of the session: survives logout. */
export const LANGUAGE_KEY = 'language';
/** Where earlier versions kept the refresh token: removed wherever it is found. */
const LEGACY_REFRESH_TOKEN_KEY = 'refreshToken';

export interface Session {
  token: string;
  username: string;
  profile: Profile;
  userId: number;
  tenantId: number;
  email: string;
  queues: LoginResponse['queues'];
  blockWavoip: boolean;
  whatsappAllowed: boolean;
  configs: UserConfigs;
}

const DEFAULT_CONFIGS: UserConfigs = { filtrosAtendimento: null, isDark: false, language: null, notificationSound: true };

const listeners = new Set<() => void>();
let version = 0;

function emit(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  localStorage.setItem(key, value);
}

function parseJson<T>(raw: string | null, fallback: T): T {
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function getToken(): string | null {
  return read(STORAGE_KEYS.token);
}

export function getProfile(): Profile | null {
  return read(STORAGE_KEYS.profile) as Profile | null;
}

export function getUserId(): number | null {
  const raw = read(STORAGE_KEYS.userId);
  const id = raw ? Number(raw) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function getConfigs(): UserConfigs {
  return { ...DEFAULT_CONFIGS, ...parseJson<Partial<UserConfigs>>(read(STORAGE_KEYS.configs), {}) };
}

/** The whole session, or null when no token is stored. */
export function getSession(): Session | null {
  const token = getToken();
  const userId = getUserId();
  const profile = getProfile();
  if (!token || userId === null || !profile) return null;
  return {
    token,
    username: read(STORAGE_KEYS.username) ?? '',
    profile,
    userId,
    tenantId: Number(read(STORAGE_KEYS.tenantId) ?? 0),
    email: read(STORAGE_KEYS.email) ?? '',
    queues: parseJson(read(STORAGE_KEYS.queues), []),
    blockWavoip: read(STORAGE_KEYS.blockWavoip) === 'true',
    whatsappAllowed: read(STORAGE_KEYS.whatsappAllowed) === 'true',
    configs: getConfigs(),
  };
}

/** Stores the login answer, except its refresh token (the server set it as an httpOnly cookie). */
export function saveLogin(data: LoginResponse): void {
  removeLegacyRefreshToken();
  write(STORAGE_KEYS.token, data.token);
  write(STORAGE_KEYS.username, data.username);
  write(STORAGE_KEYS.profile, data.profile);
  write(STORAGE_KEYS.userId, String(data.userId));
  write(STORAGE_KEYS.tenantId, String(data.tenantId));
  write(STORAGE_KEYS.email, data.email);
  write(STORAGE_KEYS.queues, JSON.stringify(data.queues));
  write(STORAGE_KEYS.blockWavoip, String(data.blockWavoip));
  write(STORAGE_KEYS.whatsappAllowed, String(data.whatsappAllowed));
  write(STORAGE_KEYS.configs, JSON.stringify(data.configs));
  emit();
}

export function saveToken(token: string): void {
  write(STORAGE_KEYS.token, token);
  emit();
}

function removeLegacyRefreshToken(): void {
  try {
    localStorage.removeItem(LEGACY_REFRESH_TOKEN_KEY);
  } catch {
    /* storage unavailable */
  }
}

/** Updates what the periodic profile refresh (and config changes) bring back. */
export function saveUser(user: Pick<User, 'name' | 'profile' | 'configs' | 'email' | 'blockWavoip' | 'queues'>): void {
  write(STORAGE_KEYS.username, user.name);
  write(STORAGE_KEYS.profile, user.profile);
  write(STORAGE_KEYS.email, user.email);
  write(STORAGE_KEYS.blockWavoip, String(user.blockWavoip));
  write(STORAGE_KEYS.queues, JSON.stringify(user.queues));
  write(STORAGE_KEYS.configs, JSON.stringify(user.configs));
  emit();
}

export function saveConfigs(configs: Partial<UserConfigs>): void {
  write(STORAGE_KEYS.configs, JSON.stringify({ ...getConfigs(), ...configs }));
  emit();
}

export function clearSession(): void {
  removeLegacyRefreshToken();
  for (const key of Object.values(STORAGE_KEYS)) {
    try {
      localStorage.removeItem(key);
    } catch {
      /* storage unavailable */
    }
  }
  emit();
}

let storageBound = false;

/** Other tabs changing the session (login, logout) notify this one too. */
function bindStorageEvents(): void {
  if (storageBound) return;
  storageBound = true;
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(event.key)) emit();
  });
}

export function subscribeSession(listener: () => void): () => void {
  bindStorageEvents();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Changes whenever the session changes; a snapshot for useSyncExternalStore. */
export function getSessionVersion(): number {
  return version;
}
