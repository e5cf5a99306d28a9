import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The API test files that run on the embedded database only, read from the files themselves: a
 * file says so with a top-level call `onPgliteOnly('…raison…')` (server/test/statements.ts).
 * vitest.config.ts keeps them out of the PostgreSQL project; the global setup checks, at the end
 * of a full run, that what they sent was also sent on PostgreSQL by the files that run on both.
 * Pure Node: the config imports it before vitest runs anything.
 */
export const MARKER = 'onPgliteOnly';
const markerCall = new RegExp(`^${MARKER}\\(\\s*(['"\`])([^]*?)\\1\\s*\\)`, 'm');

export type OneDatabaseFile = { file: string; reason: string; source: string };

/** API test files under `dir` (relative to `root`) that carry the marker, with their reason. */
export function oneDatabaseFiles(root: string, dir = 'server/src'): OneDatabaseFile[] {
  const files: OneDatabaseFile[] = [];
  for (const entry of readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.test.ts') || entry.endsWith('.unit.test.ts')) continue;
    const file = path.join(dir, entry);
    const source = readFileSync(path.join(root, file), 'utf8');
    if (!source.includes(`${MARKER}(`)) continue;
    const match = markerCall.exec(source);
    // A marker not written as the file's own top-level call with a reason is refused by the check.
    files.push({ file, reason: match?.[2].trim() ?? '', source });
  }
  return files;
}

/**
 * What makes a file unfit to run on one database, read from its text: what it does there is not
 * recorded, or differs by nature between the two (suites for one kind, other processes, its own
 * database handles).
 */
const unfit: [RegExp, string][] = [
  [/\bdescribeOn\(/, 'elle a des suites propres à une base (describeOn)'],
  [
    /child_process|server-process|\bspawn\(|\bfork\(|\bexecFile\(/,
    'elle lance d’autres processus (plusieurs connexions)',
  ],
  [/\b(dbKind|\.kind)\s*[!=]==/, 'elle se conduit autrement selon la base (dbKind, kind)'],
  [
    /\b(emptyDatabase|migratedPglite|openPglite|openPostgres|openDatabase|PGlite\.create)\b/,
    'elle ouvre une base hors de testDatabase() : ses requêtes ne sont pas relevées',
  ],
];

/** The reasons why this marked file may not run on one database only (none: it may). */
export function refusals(f: OneDatabaseFile): string[] {
  const out = f.reason ? [] : [`la marque doit être un appel ${MARKER}('…raison…') en tête de ligne, raison non vide`];
  for (const [pattern, why] of unfit) if (pattern.test(f.source)) out.push(why);
  return out;
}
