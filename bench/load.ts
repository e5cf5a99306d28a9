import http from 'node:http';
import { Connection, getRequest } from './http-client.ts';

export type LoadResult = {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** The fewest answers one client got: a starved client shows here, not in the total. */
  minPerClient: number;
  /** Per URL (in the order given): p99 and worst wait, to name the request that holds the tail. */
  byUrl?: { url: string; requests: number; p99: number; max: number }[];
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One GET through Node's client, body read and dropped (0 on a network error): for single checks, not load. */
export function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', () => resolve({ status: 0, bytes }));
    });
    req.on('error', () => resolve({ status: 0, bytes: 0 }));
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : Number.NaN;

/**
 * `concurrency` clients loop over `urls` (round robin) for `seconds`; bounded in time and
 * only ever aimed at this machine's loopback. Each client keeps one lean connection per origin
 * (http-client.ts), so the generator takes as little of the machine as it can.
 */
export async function load(
  urls: string[],
  opts: { concurrency: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  for (const u of urls)
    if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(u)) throw new Error(`cible non locale : ${u}`);
  const targets = urls.map((u) => new URL(u));
  const requests = targets.map((u) => getRequest(u, opts.headers ?? {}));
  const latencies: number[] = [];
  const perUrl: number[][] = urls.map(() => []);
  const perClient: number[] = [];
  let errors = 0;
  let next = 0;
  const end = performance.now() + opts.seconds * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async (_, client) => {
      perClient[client] = 0;
      const connections = new Map<string, Connection>();
      const connection = (u: URL) => {
        const open = connections.get(u.host) ?? new Connection(u.hostname, Number(u.port));
        connections.set(u.host, open);
        return open;
      };
      while (performance.now() < end) {
        const i = next++ % urls.length;
        const t = performance.now();
        const { status } = await connection(targets[i]).send(requests[i]);
        const took = performance.now() - t;
        latencies.push(took);
        perUrl[i].push(took);
        perClient[client]++;
        if (status < 200 || status >= 400) errors++;
      }
      for (const c of connections.values()) c.close();
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    minPerClient: Math.min(...perClient),
    byUrl: urls.map((url, i) => {
      const sorted = perUrl[i].sort((a, b) => a - b);
      return { url, requests: sorted.length, p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? Number.NaN };
    }),
  };
}

/**
 * One agent: a single client asking each URL in turn, the next only once the previous answered,
 * for `seconds` (at least one round). Every answer must be 200.
 */
export async function sequential(urls: string[], seconds: number, headers: Record<string, string> = {}) {
  return load(urls, { concurrency: 1, seconds, headers });
}
