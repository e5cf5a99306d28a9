import http from 'node:http';

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

/** One GET, body read and dropped; resolves to the status code (0 on a network error). */
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
 * only ever aimed at this machine's loopback.
 */
export async function load(
  urls: string[],
  opts: { concurrency: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  for (const u of urls)
    if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(u)) throw new Error(`cible non locale : ${u}`);
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
      while (performance.now() < end) {
        const i = next++ % urls.length;
        const t = performance.now();
        const { status } = await get(urls[i], opts.headers);
        const took = performance.now() - t;
        latencies.push(took);
        perUrl[i].push(took);
        perClient[client]++;
        if (status < 200 || status >= 400) errors++;
      }
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
