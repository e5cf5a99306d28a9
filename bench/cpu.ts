import { readdirSync, readFileSync } from 'node:fs';

/**
 * Processor time per request, by process (Linux's /proc): where a list's time goes, next to its
 * query alone and a bare route (docs/benchmarks.md, dix-huitième passe). Each side of the measure
 * is a set of processes: the server, PostgreSQL's (its postmaster and every backend), the bench.
 */

/** /proc counts in clock ticks: 100 per second on Linux (USER_HZ), whatever the kernel's own rate. */
const US_PER_TICK = 10_000;

/** utime + stime of a process, all its threads (µs); 0 when it is gone. */
function processUs(pid: number): number {
  try {
    // The command name may hold spaces or parentheses: the fields start after the last « ) ».
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * US_PER_TICK;
  } catch {
    return 0;
  }
}

/** A process and its direct children (PostgreSQL's postmaster and its backends). */
function withChildren(pid: number): number[] {
  const found = [pid];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}

export const cpuAvailable = (() => {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
})();

export type CpuSplit = { server: number; database: number; bench: number };
export type Measured<T> = { result: T; cpu: CpuSplit };
export const NO_CPU: CpuSplit = { server: 0, database: 0, bench: 0 };

/**
 * Runs `measure` and returns its result with the processor time each side spent, in µs: `server`
 * (a process, or none), `database` (PostgreSQL's processes, or none: PGlite lives in its user's
 * process) and `bench` (this process: the load generator, or the query alone's client). Linux only
 * (`cpuAvailable`).
 */
export async function withCpu<T>(
  pids: { server?: number; postgres?: number },
  measure: () => Promise<T>,
): Promise<Measured<T>> {
  const database = () => (pids.postgres ? withChildren(pids.postgres) : []);
  // Backends are listed before and after: one opened during the measure counts from zero.
  const before = new Map(database().map((p) => [p, processUs(p)]));
  const server0 = pids.server ? processUs(pids.server) : 0;
  const bench0 = process.cpuUsage();
  const result = await measure();
  const bench = process.cpuUsage(bench0);
  const server = pids.server ? processUs(pids.server) - server0 : 0;
  let db = 0;
  for (const p of database()) db += processUs(p) - (before.get(p) ?? 0);
  return { result, cpu: { server, database: db, bench: bench.user + bench.system } };
}

/** The time of measures taken in rounds, added side by side. */
export const sumCpu = (splits: CpuSplit[]): CpuSplit =>
  splits.reduce(
    (total, c) => ({
      server: total.server + c.server,
      database: total.database + c.database,
      bench: total.bench + c.bench,
    }),
    NO_CPU,
  );
