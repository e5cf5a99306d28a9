import type { JournalEntite, SessionUser } from '@guichet/contract';
import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { journal } from './journal.tables.ts';

/** Who did it: the logged-in agent, or only a typed username (a failed login). */
export type JournalActor = Pick<SessionUser, 'id' | 'username' | 'prenom' | 'nom'> | { username: string };

export type JournalEntry = {
  /** Dotted, stable, from the domain: 'inscription.statut', 'partenaire.modification', 'role.ajout'… */
  action: string;
  entite?: JournalEntite;
  entiteId?: number | null;
  /** One French line a person reads in the « Journal » and « Historique » tables. */
  resume?: string;
  /** The values the action changed, as they were and as they became (only the fields that changed). */
  avant?: Record<string, unknown> | null;
  apres?: Record<string, unknown> | null;
};

export const actorLabel = (actor: JournalActor) =>
  'prenom' in actor ? `${actor.prenom} ${actor.nom} (${actor.username})` : actor.username;

/**
 * Records one staff action. Call it with the transaction of the change it describes: the line
 * exists exactly when the change does. Lines are never updated; retention deletes old ones.
 */
export async function recordJournal(tx: DbOrTx, actor: JournalActor | null, entry: JournalEntry): Promise<void> {
  await tx.insert(journal).values({
    agentId: actor && 'id' in actor ? actor.id : null,
    agent: actor ? actorLabel(actor).slice(0, 250) : null,
    action: entry.action,
    entite: entry.entite ?? null,
    entiteId: entry.entiteId ?? null,
    resume: entry.resume?.slice(0, 500) ?? null,
    avant: entry.avant ?? null,
    apres: entry.apres ?? null,
  });
}

/**
 * The fields whose value differs between two states, as `{ avant, apres }` holding only those
 * fields; null when nothing changed (the caller then records nothing). Values compare as JSON.
 */
export function changedValues(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { avant: Record<string, unknown>; apres: Record<string, unknown> } | null {
  const avant: Record<string, unknown> = {};
  const apres: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key] ?? null;
    const b = after[key] ?? null;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    avant[key] = a;
    apres[key] = b;
  }
  return Object.keys(apres).length ? { avant, apres } : null;
}

/** Several lines of one action (a bulk action: one line per row it changed), in one statement. */
export async function recordJournalMany(tx: DbOrTx, actor: JournalActor | null, entries: JournalEntry[]) {
  if (entries.length === 0) return;
  const agentId = actor && 'id' in actor ? actor.id : null;
  const agent = actor ? actorLabel(actor).slice(0, 250) : null;
  await tx.insert(journal).values(
    entries.map((entry) => ({
      agentId,
      agent,
      action: entry.action,
      entite: entry.entite ?? null,
      entiteId: entry.entiteId ?? null,
      resume: entry.resume?.slice(0, 500) ?? null,
      avant: entry.avant ?? null,
      apres: entry.apres ?? null,
    })),
  );
}

/** Retention: lines older than `before` go (docs/decisions.md, « Conservation des données »). */
export async function purgeJournal(tx: DbOrTx, before: Date): Promise<number> {
  const rows = await tx.delete(journal).where(lt(journal.date, before)).returning({ id: journal.id });
  return rows.length;
}

/** What an export's line says of the list it copied: the search, the filters and the sort. */
export function exportCriteria(query: {
  search?: string;
  filter?: object;
  sort?: { name: string; direction: string };
  [other: string]: unknown;
}): Record<string, unknown> {
  const { search, filter, sort, ...extra } = query;
  const filtres = Object.entries({ ...(filter ?? {}), ...extra })
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k} = ${Array.isArray(v) ? v.join(', ') : String(v)}`)
    .join(' ; ');
  return {
    recherche: search || null,
    filtres: filtres || null,
    tri: sort ? `${sort.name} ${sort.direction === 'desc' ? 'décroissant' : 'croissant'}` : null,
  };
}

/**
 * The journal line of a CSV export of personal data, written once the stream ends (complete or
 * broken off), with the criteria and how many rows left: pass it to `sendCsv` as `onEnd`.
 */
export function journalExport(
  db: DbOrTx,
  actor: JournalActor,
  action: `export.${string}`,
  liste: string,
  query: Parameters<typeof exportCriteria>[0],
) {
  return async (lignes: number, complet: boolean) => {
    await recordJournal(db, actor, {
      action,
      entite: 'export',
      resume: `Export CSV « ${liste} » : ${lignes} ligne${lignes > 1 ? 's' : ''}${complet ? '' : ' (interrompu)'}`,
      apres: { ...exportCriteria(query), lignes, resultat: complet ? 'complet' : 'interrompu' },
    });
  };
}
