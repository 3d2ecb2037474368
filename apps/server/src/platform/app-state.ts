/**
 * In-memory state a module keeps for one running application (its AppContext): a cache of rows by
 * id must not outlive the database it describes. A process runs one application in production; the
 * server tests run many, each on its own database, in one process.
 */
export function perApp<T>(create: () => T): (ctx: object) => T {
  const states = new WeakMap<object, T>();
  return (ctx) => {
    let state = states.get(ctx);
    if (state === undefined) {
      state = create();
      states.set(ctx, state);
    }
    return state;
  };
}
