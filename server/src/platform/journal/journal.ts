import type { SessionUser } from '@guichet/contract';
import type { DbOrTx } from '../../db/client.ts';
import { journal } from './journal.tables.ts';

/** Who did it: the logged-in agent, or only a typed username (a failed login). */
export type JournalActor = Pick<SessionUser, 'id' | 'username' | 'prenom' | 'nom'> | { username: string };

export type JournalEntry = {
  /** Dotted, stable, from the domain: 'inscription.statut', 'partenaire.modification', 'role.ajout'… */
  action: string;
  entite?: 'inscription' | 'partenaire' | 'etudiant' | 'agent' | 'export' | 'courriel';
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
