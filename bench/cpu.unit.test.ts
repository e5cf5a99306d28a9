import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { cpuAvailable, sumCpu, withCpu } from './cpu.ts';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.stdin?.end();
});

/**
 * A Node process that burns 300 ms of processor time when told to (a line on its input) and says
 * « done »: counted in processor time, not on the clock, which a loaded machine stretches. With `child`, the burning is done by a process it starts (a postmaster and its backend).
 * Each one ends when its input closes: killing the test's child ends the grandchild too.
 */
const BURN = `
  const burn = () => { const start = process.cpuUsage(); while (process.cpuUsage(start).user < 300000); };
  process.stdin.on('end', () => process.exit(0));`;
const ALONE = `${BURN}
  process.stdin.on('data', () => { burn(); process.stdout.write('done'); });
  process.stdout.write('ready');`;
const PARENT = `${BURN}
  const kid = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(ALONE)}], { stdio: ['pipe', 'pipe', 'ignore'] });
  kid.stdout.on('data', (d) => process.stdout.write(d));
  process.stdin.on('data', () => kid.stdin.write('go'));`;

async function burner(child = false): Promise<{ pid: number; burn: () => Promise<void> }> {
  const p = spawn(process.execPath, ['-e', child ? PARENT : ALONE], { stdio: ['pipe', 'pipe', 'ignore'] });
  children.push(p);
  const output = p.stdout.setEncoding('utf8');
  await new Promise((r) => output.once('data', r));
  return {
    pid: p.pid as number,
    burn: () =>
      new Promise<void>((resolve) => {
        output.once('data', () => resolve());
        p.stdin.write('go');
      }),
  };
}

describe.runIf(cpuAvailable)('processor time by side (Linux /proc)', () => {
  it('counts the server process, not the bench, for work done in the server', async () => {
    const server = await burner();
    const { cpu } = await withCpu({ server: server.pid }, server.burn);
    // 300 ms of processor burnt; /proc counts in 10-ms ticks.
    expect(cpu.server).toBeGreaterThanOrEqual(150_000);
    expect(cpu.bench).toBeLessThan(cpu.server);
    expect(cpu.database).toBe(0);
  });

  it("counts PostgreSQL's backends, the children of its postmaster", async () => {
    const postmaster = await burner(true);
    const { cpu } = await withCpu({ postgres: postmaster.pid }, postmaster.burn);
    expect(cpu.database).toBeGreaterThanOrEqual(150_000);
    expect(cpu.server).toBe(0);
  });

  it("counts the bench's own work (the query alone's client, the load generator)", async () => {
    const { cpu } = await withCpu({}, async () => {
      const start = process.cpuUsage();
      while (process.cpuUsage(start).user < 200_000);
    });
    expect(cpu.bench).toBeGreaterThanOrEqual(100_000);
    expect(cpu.server + cpu.database).toBe(0);
  });

  it('adds rounds side by side', () => {
    expect(
      sumCpu([
        { server: 1, database: 2, bench: 3 },
        { server: 10, database: 20, bench: 30 },
      ]),
    ).toEqual({ server: 11, database: 22, bench: 33 });
    expect(sumCpu([])).toEqual({ server: 0, database: 0, bench: 0 });
  });
});
