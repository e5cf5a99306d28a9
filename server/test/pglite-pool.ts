import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../src/db/client.ts';

/**
 * Copies of the migrated template, reused within one worker: making one from the dump costs far
 * more than putting a used one back to the template's state. A client is lent to one test database
 * at a time, through a stand-in that refuses every call once that database is closed (as a closed
 * PGlite would), so a test holding a closed database cannot touch the next test's data.
 */

/** What the template holds, read once from a fresh copy. */
type Template = {
  tables: { name: string; columns: string; rows: unknown[] }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  shape: string;
};

const idle: PGlite[] = [];
let template: Template | undefined;
let created = 0;

/** How many copies of the template this worker has made: the pool's own test reads it. */
export const pgliteCopiesMade = () => created;
/** How many copies wait in the pool; the last one put back is the next one lent. */
export const pgliteCopiesIdle = () => idle.length;

/**
 * The objects that define the schema (relations, columns, functions, triggers, constraints,
 * extensions, namespaces): a test that created or dropped one leaves a client that a reset of
 * rows cannot bring back, so it is dropped.
 */
const SHAPE = `select md5(concat_ws('|',
  (select string_agg(c.oid::text || c.relname || c.relkind::text, ',' order by c.oid) from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%temp%'
       and n.nspname <> 'pg_toast'),
  (select string_agg(a.attrelid::text || a.attname || a.atttypid::text || a.attnotnull::text || a.attisdropped::text, ','
     order by a.attrelid, a.attnum) from pg_attribute a join pg_class c on c.oid = a.attrelid
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg\\_%temp%'),
  (select string_agg(oid::text || proname, ',' order by oid) from pg_proc where oid >= 16384),
  (select string_agg(oid::text || tgname || tgenabled::text, ',' order by oid) from pg_trigger where oid >= 16384),
  (select string_agg(oid::text || conname, ',' order by oid) from pg_constraint where oid >= 16384),
  (select string_agg(extname || extversion, ',' order by extname) from pg_extension),
  (select string_agg(oid::text || nspname, ',' order by oid) from pg_namespace where nspname not like 'pg\\_%temp%')
)) as shape`;

const USER_TABLES = `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
  where schemaname not in ('pg_catalog', 'information_schema') order by 1`;

async function shapeOf(client: PGlite) {
  return (await client.query<{ shape: string }>(SHAPE)).rows[0].shape;
}

async function readTemplate(client: PGlite): Promise<Template> {
  const tables: Template['tables'] = [];
  for (const { name } of (await client.query<{ name: string }>(USER_TABLES)).rows) {
    // Generated columns are computed again on insert; every other column is put back as it was.
    const columns = (
      await client.query<{ column: string }>(
        `select quote_ident(attname) as column from pg_attribute
         where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [name],
      )
    ).rows
      .map((r) => r.column)
      .join(', ');
    const rows = (await client.query<{ rows: unknown[] }>(`select coalesce(json_agg(t), '[]') as rows from ${name} t`))
      .rows[0].rows;
    tables.push({ name, columns, rows });
  }
  const sequences: Template['sequences'] = [];
  const names = await client.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name from pg_sequences order by 1`,
  );
  for (const { name } of names.rows) {
    const state = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${name}`,
    );
    sequences.push({ name, lastValue: state.rows[0].last_value, isCalled: state.rows[0].is_called });
  }
  return { tables, sequences, shape: await shapeOf(client) };
}

/** A fresh copy of the migrated template, outside the pool. */
export function templateCopy(dumpFile: string): Promise<PGlite> {
  created++;
  return PGlite.create({ loadDataDir: new Blob([readFileSync(dumpFile)]), extensions: pgliteExtensions });
}

/**
 * Back to the template's state: session state (settings, advisory locks, temporary tables,
 * listeners), every table's rows and every sequence's position. False when the client cannot be
 * brought back (closed, stuck in a transaction, schema changed): it must not be reused.
 */
async function reset(client: PGlite, t: Template): Promise<boolean> {
  if (client.closed) return false;
  try {
    await client.exec('discard all');
    await client.transaction(async (tx) => {
      // Rows go back as they were, without firing triggers or checking references in between.
      await tx.exec('set local session_replication_role = replica');
      await tx.exec(`truncate ${t.tables.map((x) => x.name).join(', ')} restart identity cascade`);
      for (const table of t.tables) {
        if (table.rows.length === 0) continue;
        await tx.query(
          `insert into ${table.name} (${table.columns}) overriding system value
           select ${table.columns} from json_populate_recordset(null::${table.name}, $1::json)`,
          [JSON.stringify(table.rows)],
        );
      }
      for (const s of t.sequences)
        await tx.query(`select setval($1::regclass, $2::bigint, $3)`, [s.name, s.lastValue, s.isCalled]);
    });
    return (await shapeOf(client)) === t.shape;
  } catch {
    return false;
  }
}

export type Lease = { client: PGlite; release: () => Promise<void> };

/** A template-state client for one test database; `release` puts it back (or drops it). */
export async function lease(dumpFile: string): Promise<Lease> {
  let client = idle.pop();
  if (!client) {
    client = await templateCopy(dumpFile);
    template ??= await readTemplate(client);
  }
  const target = client;
  let released: Promise<void> | undefined;
  const own = new Map<PropertyKey, unknown>();
  const stand = new Proxy(target, {
    get(_, prop) {
      if (own.has(prop)) return own.get(prop);
      if (prop === 'closed') return released !== undefined || target.closed;
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        released ? Promise.reject(new Error('PGlite is closed')) : value.apply(target, args);
    },
    // Wrappers installed by the portal (client.ts) stay on this stand-in, not on the shared client.
    set(_, prop, value) {
      own.set(prop, value);
      return true;
    },
  });
  const release = () => {
    released ??= (async () => {
      const t = template as Template;
      if (await reset(target, t)) idle.push(target);
      else if (!target.closed) await target.close().catch(() => {});
    })();
    return released;
  };
  return { client: stand, release };
}
