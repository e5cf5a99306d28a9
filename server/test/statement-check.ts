import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { oneDatabaseFiles, refusals } from './one-database.ts';
import type { Recorded } from './statements.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the API test files record the statements they send ('' outside the API projects). */
    sqlRecordDir: string;
  }
}

const API = ['api-pglite', 'api-postgres'];
/** Shared by both API projects' global setups, which run in vitest's main process. */
type Shared = { dir: string; open: number; checked: boolean };
const key = Symbol.for('guichet.statement-check');
const store = globalThis as unknown as Record<symbol, Shared | undefined>;

/**
 * Gives the API projects a folder to record statements in, and returns the teardown that checks,
 * after a run in which both API projects ran all their files, the files marked `onPgliteOnly`.
 * A failed check sets the exit code itself: vitest only logs an error thrown by a teardown.
 */
export function statementCheck(project: TestProject): () => Promise<void> {
  if (!API.includes(project.name)) {
    project.provide('sqlRecordDir', '');
    return async () => {};
  }
  store[key] ??= { dir: mkdtempSync(path.join(os.tmpdir(), 'guichet-requetes-')), open: 0, checked: false };
  const shared = store[key];
  shared.open++;
  project.provide('sqlRecordDir', shared.dir);
  return async () => {
    try {
      if (!shared.checked) {
        shared.checked = true;
        const failures = await check(project, shared.dir).catch(
          (error: unknown) => `Fichiers sur une seule base : la vérification a échoué (${String(error)}).`,
        );
        if (failures) {
          process.exitCode = 1;
          console.error(failures);
        }
      }
    } finally {
      if (--shared.open === 0) {
        // KEEP_SQL=1 keeps what was recorded, to look for files that could run on one database.
        if (process.env.KEEP_SQL) console.log(`Requêtes relevées gardées dans ${shared.dir}`);
        else rmSync(shared.dir, { recursive: true, force: true });
        store[key] = undefined;
      }
    }
  };
}

/** Whether both API projects ran every one of their files, or why not. */
async function wholeRun(project: TestProject): Promise<string | undefined> {
  const vitest = project.vitest;
  const projects = API.map((name) => vitest.projects.find((p) => p.name === name));
  if (projects.some((p) => !p)) return 'un seul des deux projets API a tourné';
  if (vitest.config.testNamePattern) return 'un filtre de noms de tests (-t) était donné';
  const ran = new Set(vitest.state.getFiles().map((f) => `${f.projectName}:${f.filepath}`));
  for (const p of projects as TestProject[]) {
    const all = (await p.globTestFiles()).testFiles;
    if (all.length === 0 || all.some((file) => !ran.has(`${p.name}:${file}`)))
      return `le projet ${p.name} n’a pas lancé tous ses fichiers`;
  }
  return undefined;
}

/** The check's French report when it fails, else nothing. */
async function check(project: TestProject, dir: string): Promise<string | undefined> {
  const partial = await wholeRun(project);
  if (partial) {
    console.log(`Fichiers sur une seule base : vérification non faite (${partial}).`);
    return undefined;
  }
  const lines = { pglite: [] as Recorded[], postgres: [] as Recorded[] };
  for (const name of readdirSync(dir)) {
    const kind = name.startsWith('postgres-') ? 'postgres' : 'pglite';
    for (const line of readFileSync(path.join(dir, name), 'utf8').split('\n'))
      if (line) lines[kind].push(JSON.parse(line) as Recorded);
  }
  const root = project.vitest.config.root;
  // A file fed generated inputs sends other statements on each run: what it alone sent proves nothing
  // for the next run, so a marked file must not lean on it.
  const generated = new Map<string, boolean>();
  const steady = (file: string) => {
    if (!generated.has(file))
      generated.set(
        file,
        existsSync(path.join(root, file)) && /from 'fast-check'/.test(readFileSync(path.join(root, file), 'utf8')),
      );
    return !generated.get(file);
  };
  const onPostgres = new Set(lines.postgres.flatMap((l) => (l.sql && steady(l.file) ? [l.sql] : [])));
  const marked = oneDatabaseFiles(root);
  const problems: string[] = [];
  for (const f of marked) {
    const mine = lines.pglite.filter((l) => l.file === f.file);
    const why = refusals(f);
    if (mine.some((l) => l.overlap)) why.push('elle ouvre des transactions qui se chevauchent (concurrence)');
    const unproven = [...new Set(mine.flatMap((l) => (l.sql && !onPostgres.has(l.sql) ? [l.sql] : [])))];
    if (unproven.length)
      why.push(
        `${unproven.length} requête(s) jamais envoyée(s) sur PostgreSQL par les autres fichiers :\n${unproven
          .map((s) => `      ${s}`)
          .join('\n')}`,
      );
    if (why.length)
      problems.push(
        `  ${f.file} ne peut pas tourner sur la seule base embarquée :\n${why.map((w) => `    - ${w}`).join('\n')}`,
      );
  }
  const requests = new Set(lines.pglite.flatMap((l) => (l.sql ? [l.sql] : []))).size;
  if (problems.length === 0) {
    console.log(
      `Fichiers sur une seule base : ${marked.length} fichier(s) vérifié(s), leurs requêtes sont toutes prouvées sur PostgreSQL (requêtes distinctes : ${requests} sur la base embarquée, ${onPostgres.size} sur PostgreSQL hors entrées générées).`,
    );
    return undefined;
  }
  return `Fichiers sur une seule base : échec de la vérification.\n${problems.join('\n')}\nRetirez la marque onPgliteOnly de ces fichiers (ils tourneront sur les deux bases), ou couvrez ces requêtes par un fichier qui tourne sur les deux.`;
}
