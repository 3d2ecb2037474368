import { createReadStream } from 'node:fs';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type WAWebJS from 'whatsapp-web.js';
import type { Db } from '../../../../platform/db/client.js';
import { deleteAuthState, readAuthState, upsertAuthState, type AuthStateScope } from '../../sessions/auth-state.repository.js';

/** The auth-state category of whatsapp-web.js sessions: one entry per session, the zip in base64. */
export const WWEBJS_AUTH_CATEGORY = 'wwebjs';

/**
 * The `store` of whatsapp-web.js's RemoteAuth, kept in the database so that any server process can
 * resume the channel's session (the files under `dataPath` are only the browser's working copy).
 *
 * RemoteAuth's contract (src/authStrategies/RemoteAuth.js, 1.34):
 * - `save({ session })` is called right after it zipped the profile to `<dataPath>/<session>.zip`
 *   (only the session name is passed, so the store must know `dataPath`); the zip is removed after.
 * - `extract({ session, path })` must write the stored zip to `path` (`<dataPath>/<session>.zip`),
 *   which RemoteAuth then unzips into the browser profile and deletes.
 * - `sessionExists` and `delete` by session name (`RemoteAuth-<clientId>`).
 */
export class DatabaseAuthStore {
  constructor(
    private readonly db: Db,
    private readonly scope: AuthStateScope,
    /** The same `dataPath` RemoteAuth was given. */
    private readonly dataPath: string,
  ) {}

  async sessionExists({ session }: { session: string }): Promise<boolean> {
    return (await readAuthState(this.db, this.scope, WWEBJS_AUTH_CATEGORY, [session])).has(session);
  }

  async save({ session }: { session: string }): Promise<void> {
    const zip = await readFile(join(this.dataPath, `${session}.zip`));
    await upsertAuthState(this.db, this.scope, [{ category: WWEBJS_AUTH_CATEGORY, key: session, value: zip.toString('base64') }]);
  }

  async extract({ session, path }: { session: string; path: string }): Promise<void> {
    const stored = (await readAuthState(this.db, this.scope, WWEBJS_AUTH_CATEGORY, [session])).get(session);
    if (stored === undefined) throw new Error(`No stored whatsapp-web.js session '${session}' for channel ${this.scope.channelId}.`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, Buffer.from(stored, 'base64'));
  }

  async delete({ session }: { session: string }): Promise<void> {
    await deleteAuthState(this.db, this.scope, WWEBJS_AUTH_CATEGORY, [session]);
  }
}

type RemoteAuthOptions = ConstructorParameters<typeof WAWebJS.RemoteAuth>[0];

/**
 * whatsapp-web.js's RemoteAuth (1.34.7) with two fixes:
 * - Its unCompressSession resolves on the unzip stream's 'finish', which unzipper emits once the
 *   zip has been read, before the files are written ('close'); it then deletes the zip and launches
 *   Chromium on a profile still being written, so a session taken over by another server process
 *   could start logged out. Here the extraction is awaited to its end (unzipper's promise()).
 * - Its afterAuthReady, not awaited by the Client, waits 60 s and then saves the profile and starts
 *   the periodic backup, even when the client was destroyed meanwhile (the lease lost, the channel
 *   stopped): a process that no longer holds the session would go on overwriting the login in the
 *   database. Here nothing is saved once the strategy was destroyed or logged out.
 */
export function createRemoteAuth(library: Pick<typeof WAWebJS, 'RemoteAuth'>, options: RemoteAuthOptions): WAWebJS.RemoteAuth {
  type Internals = { userDataDir: string; backupSync?: NodeJS.Timeout; storeRemoteSession(options?: unknown): Promise<void> };
  const base = library.RemoteAuth.prototype as unknown as Internals;

  class DatabaseRemoteAuth extends library.RemoteAuth {
    private ended = false;

    constructor(settings: RemoteAuthOptions) {
      super(settings);
      const destroy = this.destroy.bind(this);
      const disconnect = this.disconnect.bind(this);
      this.destroy = async () => {
        this.ended = true;
        await destroy();
      };
      this.disconnect = async () => {
        this.ended = true;
        await disconnect();
      };
    }

    async storeRemoteSession(storeOptions?: unknown): Promise<void> {
      const self = this as unknown as Internals;
      if (this.ended) {
        clearInterval(self.backupSync);
        return;
      }
      await base.storeRemoteSession.call(this, storeOptions);
    }

    async unCompressSession(compressedSessionPath: string): Promise<void> {
      // The unzipper that whatsapp-web.js itself uses (its optional dependency).
      const fromLibrary = createRequire(createRequire(import.meta.url).resolve('whatsapp-web.js'));
      const unzipper = fromLibrary('unzipper') as {
        Extract(options: { path: string; concurrency?: number }): NodeJS.WritableStream & { promise(): Promise<void> };
      };
      const userDataDir = (this as unknown as Internals).userDataDir;
      await createReadStream(compressedSessionPath)
        .pipe(unzipper.Extract({ path: userDataDir, concurrency: 10 }))
        .promise();
      await unlink(compressedSessionPath);
    }
  }
  return new DatabaseRemoteAuth(options);
}
