// CI gate on known advisories in production dependencies (docs/decisions.md, « Dépendances »):
// `npm audit --omit=dev`, failing on any high or critical advisory. When the registry does not
// answer the audit endpoint (a mirror that only serves packages answers 405), the check cannot
// run: a loud warning, and CI goes on, unless AUDIT_REQUIRED=1 makes that a failure too.
// AUDIT_INPUT=<file>: read that JSON instead of calling npm (tests).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const FAILING = ['high', 'critical'];

function auditJson() {
  if (process.env.AUDIT_INPUT) return readFileSync(process.env.AUDIT_INPUT, 'utf8');
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
  return run.stdout ?? '';
}

let report;
try {
  report = JSON.parse(auditJson());
} catch {
  report = undefined;
}

const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const reason = report?.message ?? report?.error?.summary ?? 'réponse illisible';
  console.error('┌──────────────────────────────────────────────────────────────────────');
  console.error('│ AVERTISSEMENT : audit des dépendances impossible, aucune vérification faite.');
  console.error(`│ Le registre npm n’a pas répondu à l’audit : ${reason}`);
  console.error('│ Lancez `npm audit --omit=dev --audit-level=high` là où le service répond.');
  console.error('└──────────────────────────────────────────────────────────────────────');
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 1 : 0);
}

const found = Object.values(report.vulnerabilities ?? {}).filter((v) => FAILING.includes(v.severity));
if (found.length > 0) {
  console.error(`Audit des dépendances de production : ${found.length} paquet(s) avec un avis élevé ou critique :`);
  for (const v of found) console.error(`  - ${v.name} (${v.severity}) ${v.range ?? ''}`);
  console.error('Mettez-les à jour (npm audit fix, ou une version corrigée) avant de livrer.');
  process.exit(1);
}
const summary = Object.entries(counts)
  .filter(([k]) => k !== 'total')
  .map(([k, n]) => `${k} ${n}`)
  .join(', ');
console.log(`Audit des dépendances de production : aucun avis élevé ou critique (${summary}).`);
