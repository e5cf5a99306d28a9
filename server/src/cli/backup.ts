import { once } from 'node:events';
import { constants, linkSync, lstatSync, renameSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { asc, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { backupLines, RESTORE_LIMITS } from './backup-lines.ts';
import { CommandError } from './command-error.ts';

/**
 * A logical backup: every table as gzip-compressed JSON lines, in foreign-key order. The same
 * file restores into the embedded database or into PostgreSQL (it also moves a portal from one
 * to the other). Sessions and rate-limit counters are not kept: after a restore, agents log in again;
 * nor are the row counts and the offers' search copy, which the restored rows rebuild as they are
 * inserted (their triggers: row-counts.ts, inscriptions.tables.ts).
 */
export const NOT_SAVED: readonly PgTable[] = [s.sessions, s.rateLimitCounters, s.rowCounts, s.inscriptionsRecherche];

/**
 * Every table of the schema but NOT_SAVED, each after the tables it references: read from the
 * schema, so a table added to it is saved without anyone remembering this file.
 */
export const BACKUP_TABLES: readonly PgTable[] = inForeignKeyOrder(
  (Object.values(s) as unknown[]).filter((v): v is PgTable => is(v, PgTable) && !NOT_SAVED.includes(v)),
);

function inForeignKeyOrder(tables: PgTable[]): PgTable[] {
  const ordered: PgTable[] = [];
  const visiting = new Set<PgTable>();
  const visit = (table: PgTable) => {
    if (ordered.includes(table)) return;
    if (visiting.has(table)) throw new Error(`Cycle de clés étrangères autour de ${getTableName(table)}.`);
    visiting.add(table);
    for (const fk of getTableConfig(table).foreignKeys) {
      const target = fk.reference().foreignTable;
      if (target === table) continue;
      if (!tables.includes(target)) {
        throw new Error(`${getTableName(table)} référence ${getTableName(target)}, qui n’est pas sauvegardée.`);
      }
      visit(target);
    }
    visiting.delete(table);
    ordered.push(table);
  };
  // Declaration order where foreign keys leave a choice: the file reads like the schema.
  for (const table of tables) visit(table);
  return ordered;
}

const FORMAT = 'guichet-sauvegarde';
const VERSION = 1;
const BATCH = 1000;

type Header = { format: string; version: number; createdAt: string };
type Line = { table: string; row: Record<string, unknown> };

const encode = (v: unknown) => (Buffer.isBuffer(v) ? { $base64: v.toString('base64') } : v);

const exists = (file: string) => {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
};

/**
 * The file being written: created by this run only (O_EXCL), never through a link (O_NOFOLLOW),
 * mode 0600. A file already there is refused rather than removed: it may be another backup in
 * progress, or one planted with looser rights whose mode the backup would have kept.
 */
async function createPartial(tmp: string) {
  try {
    return await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ELOOP') {
      throw new CommandError(
        `Le fichier ${tmp} existe déjà : reste d’une sauvegarde interrompue, ou sauvegarde en cours. ` +
          'Vérifiez qu’aucune sauvegarde ne tourne, supprimez-le, puis relancez : rien n’a été écrit.',
      );
    }
    if (code === 'ENOENT') throw new CommandError(`Dossier introuvable pour ${tmp}.`);
    throw err;
  }
}

/**
 * Writes the whole database into `file`, which must not exist unless `force` (then replaced as a
 * whole once the backup is complete: a link there is replaced, never followed).
 */
export async function backupDatabase(db: Db, file: string, force = false): Promise<string[]> {
  const refuseExisting = () =>
    new CommandError(`Le fichier ${file} existe déjà : choisissez un autre nom, ou ajoutez --force pour le remplacer.`);
  if (!force && exists(file)) throw refuseExisting();
  const tmp = `${file}.partiel`;
  const handle = await createPartial(tmp);
  const gzip = createGzip();
  const done = pipeline(gzip, handle.createWriteStream());
  const counts: string[] = [];
  const write = async (line: object) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
  };
  try {
    // One snapshot for every table: rows written meanwhile are all in, or all out.
    await db.transaction(
      async (tx) => {
        await write({ format: FORMAT, version: VERSION, createdAt: new Date().toISOString() } satisfies Header);
        for (const table of BACKUP_TABLES) {
          // Generated columns (the stored search text) are computed again on restore.
          const columns = Object.values(getTableColumns(table)).filter((c) => !c.generated);
          const fields = Object.fromEntries(Object.entries(getTableColumns(table)).filter(([, c]) => !c.generated));
          let n = 0;
          for (let offset = 0; ; offset += BATCH) {
            const rows = await tx
              .select(fields)
              .from(table)
              .orderBy(...columns.map((c) => asc(c)))
              .limit(BATCH)
              .offset(offset);
            for (const row of rows) {
              const out = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, encode(v)]));
              await write({ table: getTableName(table), row: out } satisfies Line);
            }
            n += rows.length;
            if (rows.length < BATCH) break;
          }
          counts.push(`${getTableName(table)} : ${n}`);
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    gzip.end();
    await done;
    if (force) renameSync(tmp, file);
    else {
      // A link cannot replace a file: one that appeared meanwhile is refused, not overwritten.
      try {
        linkSync(tmp, file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw refuseExisting();
        throw err;
      }
      rmSync(tmp);
    }
  } catch (err) {
    gzip.destroy();
    await handle.close().catch(() => {});
    rmSync(tmp, { force: true });
    throw err;
  }
  return [`Sauvegarde écrite dans ${file}.`, ...counts.map((c) => `  ${c}`)];
}

/** Revives what JSON flattened: timestamps and binary columns. */
function reviver(table: PgTable) {
  const columns = getTableColumns(table);
  return (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => {
        const col = columns[k];
        if (!col) throw new CommandError(`Sauvegarde illisible : colonne inconnue ${k}.`);
        if (v && typeof v === 'object' && '$base64' in v) return [k, Buffer.from(String(v.$base64), 'base64')];
        if (typeof v === 'string' && col.columnType === 'PgTimestamp') return [k, new Date(v)];
        return [k, v];
      }),
    );
}

/**
 * Replaces the whole content of the database with the file's, in one transaction: a file that
 * turns out unreadable half-way changes nothing.
 */
export async function restoreDatabase(db: Db, file: string, limits = RESTORE_LIMITS): Promise<string[]> {
  const byName = new Map(BACKUP_TABLES.map((t) => [getTableName(t), t]));
  const lines = backupLines(file, limits);
  const counts = new Map<string, number>();
  try {
    await db.transaction(async (tx) => {
      let header: Header | undefined;
      let pending: { table: PgTable; rows: Record<string, unknown>[] } | undefined;
      const flush = async () => {
        if (pending?.rows.length) await tx.insert(pending.table).values(pending.rows);
        if (pending) pending.rows = [];
      };
      for await (const text of lines) {
        if (!text) continue;
        const parsed = JSON.parse(text) as Header | Line;
        if (!header) {
          header = parsed as Header;
          if (header.format !== FORMAT || header.version !== VERSION) {
            throw new CommandError('Ce fichier n’est pas une sauvegarde du portail (format inconnu).');
          }
          await wipe(tx);
          continue;
        }
        const { table: name, row } = parsed as Line;
        const table = byName.get(name);
        if (!table) throw new CommandError(`Sauvegarde illisible : table inconnue ${name}.`);
        if (pending?.table !== table) {
          await flush();
          pending = { table, rows: [] };
        }
        pending.rows.push(reviver(table)(row));
        counts.set(name, (counts.get(name) ?? 0) + 1);
        if (pending.rows.length >= 500) await flush();
      }
      if (!header) throw new CommandError('Sauvegarde vide ou illisible.');
      await flush();
      await resetSequences(tx);
    });
  } catch (err) {
    if (err instanceof CommandError) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new CommandError(`Fichier introuvable : ${file}.`);
    if (err instanceof SyntaxError || (err as NodeJS.ErrnoException).code === 'Z_DATA_ERROR') {
      throw new CommandError(
        'Sauvegarde illisible (fichier tronqué ou qui n’est pas une sauvegarde) : rien n’a changé.',
      );
    }
    throw err;
  }
  return [
    `Sauvegarde ${file} restaurée ; les agents doivent se reconnecter.`,
    ...[...counts].map(([t, n]) => `  ${t} : ${n}`),
  ];
}

async function wipe(tx: Tx) {
  const names = [...BACKUP_TABLES, ...NOT_SAVED].map(getTableName);
  await tx.execute(sql.raw(`truncate ${names.map((n) => `"${n}"`).join(', ')} restart identity cascade`));
}

/** Serial columns continue after the restored values. */
async function resetSequences(tx: Tx) {
  for (const table of BACKUP_TABLES) {
    const name = getTableName(table);
    for (const column of Object.values(getTableColumns(table))) {
      if (column.columnType !== 'PgSerial') continue;
      const c = column.name;
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('"${name}"', '${c}'), coalesce(max("${c}"), 1), max("${c}") is not null) from "${name}"`,
        ),
      );
    }
  }
}
