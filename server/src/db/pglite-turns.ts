import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs on the server's own thread and answers through promises: when one statement ends,
 * the next one waiting starts in the same turn of the event loop, so a queue of them runs to its
 * end before Node reads a socket or accepts a connection. Under 100 clients the queue never
 * emptied: a visitor whose connection came in meanwhile waited up to 31 s while those already
 * served went round and round (issue 19, docs/benchmarks.md).
 *
 * Here each statement, or a transaction as a whole, waits its turn in one first-come queue and
 * starts after a turn of the event loop: requests that arrived meanwhile are read and join the
 * queue behind those already in it. The order of statements is PGlite's own (it already runs one
 * at a time); a query made inside a transaction but outside it waits for the transaction, as it
 * does on PGlite's own lock.
 */
const queued = new WeakSet<PGlite>();

export function withLoopTurns(client: PGlite): PGlite {
  if (queued.has(client)) return client;
  queued.add(client);
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const turn = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(run);
    last = turn.catch(() => {});
    return turn;
  };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => inTurn(() => query(...args))) as PGlite['query'];
  client.transaction = ((fn: Parameters<PGlite['transaction']>[0]) =>
    inTurn(() => transaction(fn))) as PGlite['transaction'];
  return client;
}
