import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../scripts/audit.mjs', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'guichet-audit-'));

/** Runs the CI gate on a given `npm audit --json` answer. */
function gate(answer: object, env: Record<string, string> = {}) {
  const file = path.join(dir, `${Math.random()}.json`);
  writeFileSync(file, JSON.stringify(answer));
  const run = spawnSync(process.execPath, [script], {
    encoding: 'utf8',
    env: { ...process.env, AUDIT_INPUT: file, ...env },
  });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}
const report = (vulnerabilities: Record<string, { name: string; severity: string }>) => {
  const n = (s: string) => Object.values(vulnerabilities).filter((v) => v.severity === s).length;
  return {
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: {
        info: 0,
        low: n('low'),
        moderate: n('moderate'),
        high: n('high'),
        critical: n('critical'),
        total: 0,
      },
    },
  };
};
const unreachable = {
  message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  statusCode: 405,
};

describe('contrôle des dépendances en CI (scripts/audit.mjs)', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('échoue sur un avis élevé ou critique d’une dépendance de production, en le nommant', () => {
    const high = gate(report({ fastify: { name: 'fastify', severity: 'high' } }));
    expect(high.code).toBe(1);
    expect(high.out).toContain('fastify (high)');
    expect(gate(report({ pg: { name: 'pg', severity: 'critical' } })).code).toBe(1);
  });

  it('passe sans avis, ou avec des avis faibles ou modérés seulement', () => {
    expect(gate(report({})).code).toBe(0);
    const moderate = gate(report({ qs: { name: 'qs', severity: 'moderate' }, x: { name: 'x', severity: 'low' } }));
    expect(moderate.code).toBe(0);
    expect(moderate.out).toContain('aucun avis élevé ou critique');
  });

  it('registre sans service d’audit : avertissement visible, CI continue ; AUDIT_REQUIRED=1 en fait un échec', () => {
    const skipped = gate(unreachable);
    expect(skipped.code).toBe(0);
    expect(skipped.out).toContain('AVERTISSEMENT : audit des dépendances impossible');
    expect(skipped.out).toContain('405 Method Not Allowed');
    expect(gate(unreachable, { AUDIT_REQUIRED: '1' }).code).toBe(1);
  });
});
