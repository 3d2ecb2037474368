import type { MediaLocation } from '@conversa/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { mediaStorageState } from '../db/schema.js';

/** Where files are kept now (no row yet: the local folder). */
export async function readMediaLocation(db: Db): Promise<MediaLocation> {
  const [row] = await db.select({ active: mediaStorageState.active }).from(mediaStorageState);
  return row?.active ?? 'local';
}

/** Sets where files are kept (the end of a media migration). */
export async function writeMediaLocation(db: Db, active: MediaLocation): Promise<void> {
  await db
    .insert(mediaStorageState)
    .values({ id: 1, active })
    .onConflictDoUpdate({ target: mediaStorageState.id, set: { active, changedAt: sql`now()` } });
}
