import type { Db } from './client.js';

/**
 * A Drizzle query built once per database handle and prepared under a name (PostgreSQL parses and
 * plans it once per pooled connection), for the statements that run on every request: building a
 * query costs more CPU than many of them take to run. Parameters are `sql.placeholder(...)`.
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
