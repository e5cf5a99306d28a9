import { ROLES } from '@guichet/contract';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { agentsRepository } from './features/auth/agents.repository.ts';
import { randomPassword } from './platform/passwords.ts';

/** On a start with no staff at all, creates the first administrator (decisions §1). */
export async function ensureBootstrapAdmin(db: Db, config: Config, print: (line: string) => void) {
  if ((await agentsRepository.count(db)) > 0) return;
  const password = config.adminPassword ?? randomPassword();
  await agentsRepository.create(db, {
    username: config.adminUsername,
    password,
    prenom: 'Administrateur',
    nom: 'Guichet',
    roles: [...ROLES],
    // A generated password lives on in the console's scrollback and logs: the first login replaces it.
    motDePasseAChanger: !config.adminPassword,
  });
  print(`Compte administrateur créé : identifiant « ${config.adminUsername} ».`);
  if (!config.adminPassword) {
    print(`Mot de passe généré (affiché une seule fois, à changer à la première connexion) : ${password}`);
  }
}
