import { ROLES } from '@guichet/contract';
import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { agentsRepository } from './features/auth/agents.repository.ts';
import { recordJournal } from './platform/journal/journal.ts';
import { randomPassword } from './platform/passwords.ts';

/** On a start with no staff at all, creates the first administrator (docs/spec/decisions.md §1). */
export async function ensureBootstrapAdmin(db: Db, config: Config, print: (line: string) => void) {
  if ((await agentsRepository.count(db)) > 0) return;
  const password = config.adminPassword ?? randomPassword();
  const created = await db.transaction(async (tx) => {
    // Processes started together on an empty PostgreSQL: one creates the account, the others then
    // see it (without the lock, the second insert would fail on the unique username and stop its process).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('guichet:bootstrap-admin'))`);
    if ((await agentsRepository.count(tx)) > 0) return false;
    const id = await agentsRepository.create(tx, {
      username: config.adminUsername,
      password,
      prenom: 'Administrateur',
      nom: 'Guichet',
      roles: [...ROLES],
      // A generated password lives on in the console's scrollback and logs: the first login replaces it.
      motDePasseAChanger: !config.adminPassword,
    });
    await recordJournal(
      tx,
      { username: 'Démarrage du portail' },
      {
        action: 'agent.creation',
        entite: 'agent',
        entiteId: id,
        resume: `Premier administrateur « ${config.adminUsername} » créé au démarrage`,
        apres: { identifiant: config.adminUsername, prenom: 'Administrateur', nom: 'Guichet', roles: [...ROLES] },
      },
    );
    return true;
  });
  if (!created) return;
  print(`Compte administrateur créé : identifiant « ${config.adminUsername} ».`);
  if (!config.adminPassword) {
    print(`Mot de passe généré (affiché une seule fois, à changer à la première connexion) : ${password}`);
  }
}
