import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from 'baileys';
import type { AppContext } from '../../../../app-context.js';
import type { ChannelRow } from '../../channels.repository.js';
import {
  clearAuthState,
  deleteAuthState,
  readAuthState,
  upsertAuthState,
  type AuthStateScope,
} from '../../sessions/auth-state.repository.js';

const CREDS = 'creds';

const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const decode = <T>(text: string): T => JSON.parse(text, BufferJSON.reviver) as T;

export interface DatabaseAuthState {
  state: AuthenticationState;
  /** Stores the current creds (Baileys calls for it on 'creds.update'). */
  saveCreds: () => Promise<void>;
  /** Forgets the login (logged out): creds and every signal key. */
  clear: () => Promise<void>;
}

/**
 * Baileys' useMultiFileAuthState, kept in the database instead of files: the creds under
 * ('creds', 'creds') and each signal key under (its type, its id) in channel_auth_state, serialised
 * with Baileys' BufferJSON, so that any server process can resume the session.
 */
export async function useDatabaseAuthState(ctx: AppContext, channel: Pick<ChannelRow, 'id' | 'tenantId'>): Promise<DatabaseAuthState> {
  const scope: AuthStateScope = { tenantId: channel.tenantId, channelId: channel.id };
  const stored = (await readAuthState(ctx.db, scope, CREDS, [CREDS])).get(CREDS);
  const creds: AuthenticationCreds = stored ? decode<AuthenticationCreds>(stored) : initAuthCreds();

  return {
    state: {
      creds,
      keys: {
        async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
          const found = await readAuthState(ctx.db, scope, type, ids);
          const out: { [id: string]: SignalDataTypeMap[T] } = {};
          for (const [id, text] of found) {
            let value: unknown = decode(text);
            if (type === 'app-state-sync-key' && value) value = proto.Message.AppStateSyncKeyData.fromObject(value);
            out[id] = value as SignalDataTypeMap[T];
          }
          return out;
        },
        async set(data: SignalDataSet) {
          const upserts: { category: string; key: string; value: string }[] = [];
          const deletions = new Map<string, string[]>();
          for (const [category, entries] of Object.entries(data)) {
            for (const [key, value] of Object.entries(entries ?? {})) {
              if (value) upserts.push({ category, key, value: encode(value) });
              else deletions.set(category, [...(deletions.get(category) ?? []), key]);
            }
          }
          await upsertAuthState(ctx.db, scope, upserts);
          for (const [category, keys] of deletions) await deleteAuthState(ctx.db, scope, category, keys);
        },
        async clear() {
          await clearAuthState(ctx.db, scope);
        },
      },
    },
    saveCreds: () => upsertAuthState(ctx.db, scope, [{ category: CREDS, key: CREDS, value: encode(creds) }]),
    clear: () => clearAuthState(ctx.db, scope),
  };
}
