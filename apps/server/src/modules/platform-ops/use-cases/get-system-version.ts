import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SystemVersion } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { migrationsFolder } from '../../../platform/db/client.js';
import type { Actor } from '../../auth/actor.js';
import { assertPlatformOperator } from '../platform-ops.policy.js';
import { appliedMigrationTimes, databaseVersion } from '../platform-ops.repository.js';

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/** The server package's version (apps/server/package.json, found from src/ in tests or dist/ when built). */
function serverVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    try {
      const pkg = readJson(join(dir, 'package.json'));
      if (pkg.name === '@conversa/server') return String(pkg.version);
    } catch {
      // not here: look one folder up
    }
    dir = dirname(dir);
  }
  return 'unknown';
}

function pgBossVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    return String(readJson(require.resolve('pg-boss/package.json')).version);
  } catch {
    return 'unknown';
  }
}

const STARTED_AT = new Date(Date.now() - process.uptime() * 1000);

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this release carries (drizzle's journal), each with whether the database has it. */
export async function migrationStates(ctx: AppContext): Promise<{ tag: string; applied: boolean }[]> {
  const journal = readJson(join(migrationsFolder(), 'meta', '_journal.json')) as { entries: JournalEntry[] };
  const applied = new Set(await appliedMigrationTimes(ctx.db));
  return journal.entries.map((entry) => ({ tag: entry.tag, applied: applied.has(entry.when) }));
}

/**
 * /atualizar's facts: the running version (server, Node.js, database, pg-boss), when this process
 * started, and the migrations: applied, and pending ones (applied by the next start of the server).
 */
export async function getSystemVersion(ctx: AppContext, actor: Actor): Promise<SystemVersion> {
  assertPlatformOperator(actor);
  const migrations = await migrationStates(ctx);
  const appliedTags = migrations.filter((m) => m.applied).map((m) => m.tag);
  return {
    version: serverVersion(),
    node: process.version,
    database: await databaseVersion(ctx.db),
    databaseKind: ctx.database.kind,
    pgBoss: pgBossVersion(),
    startedAt: STARTED_AT.toISOString(),
    migrations: {
      total: migrations.length,
      applied: appliedTags.length,
      pending: migrations.filter((m) => !m.applied).map((m) => m.tag),
      latest: appliedTags.at(-1) ?? null,
    },
  };
}
