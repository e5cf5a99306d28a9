import {
  CHAUFFAGES,
  ECOLES,
  EQUIPEMENTS,
  ETAGES,
  INFOS_LOGEMENT,
  LOYERS,
  PROXIMITES,
  SURFACES,
  TYPES_LOGEMENT,
} from '@guichet/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../server/src/db/client.ts';

export type Volumes = { inscriptions: number; etudiants: number; partenaires: number };

const NOMS = [
  'MARTIN',
  'BERNARD',
  'THOMAS',
  'PETIT',
  'ROBERT',
  'RICHARD',
  'DURAND',
  'DUBOIS',
  'MOREAU',
  'LEFÈVRE',
  'GARÇON',
  'NOËL',
];
const PRENOMS = [
  'Hélène',
  'Jérôme',
  'Chloé',
  'François',
  'Zoé',
  'Loïc',
  'Amélie',
  'Léo',
  'Inès',
  'Noé',
  'Maël',
  'Anaïs',
];
const VILLES = ['TROYES', 'SAINTE-SAVINE', 'LA CHAPELLE-SAINT-LUC', 'SAINT-ANDRÉ-LES-VERGERS', 'ROSIÈRES-PRÈS-TROYES'];

/** `(array[…])[1 + (g % n)]`: a value of the list picked by the row number, spread evenly. */
const pick = (values: readonly string[], salt = 0) =>
  sql.raw(
    `(array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}])[1 + ((g * ${7 + salt}) % ${values.length})]`,
  );

/**
 * Realistic volumes in a few set-based statements: generate_series runs inside the database,
 * so 100 000 rows take seconds on either driver (a JS batch insert takes ~10 times longer).
 */
export async function seedVolumes(db: Db, v: Volumes, more: ((tx: DbOrTx, v: Volumes) => Promise<void>)[] = []) {
  // A million rows take longer than the portal's 60 s statement timeout on a loaded machine
  // (the screens' own rows too, `more`).
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await insertVolumes(tx, v);
    for (const seed of more) await seed(tx, v);
  });
  // What autovacuum does a little after a bulk load: statistics, and the visibility map that
  // lets a count read an index alone. Without it, PostgreSQL's autovacuum would start in the
  // middle of the measures and share their 2 cores. Two commands: after one `vacuum analyze`,
  // the planner saw no page all-visible (pg_class.relallvisible 0 of 3 333 for 50 000 partners)
  // and counted the active ones by reading the table, 44 ms instead of 7 through an index.
  await db.execute(sql`analyze`);
  await db.execute(sql`vacuum`);
}

async function insertVolumes(db: DbOrTx, v: Volumes) {
  // Spread over three years, a status mix close to a real office: mostly handled, some pending.
  const date = sql.raw(`now() - ((g % 1095) * interval '1 day') - ((g * 37 % 86400) * interval '1 second')`);
  const statut = sql.raw(`(array[1,2,2,2,3,4])[1 + (g % 6)]`);
  await db.execute(sql`
    insert into inscriptions (date, statut_id, nom, prenom, telephone, email, adresse, cp, ville, proximite, type,
      colocation, immeuble, etage, surface, chauffage, loyer, charges, equipement, info_logement, ascenceur, parking,
      type_parking, local_velo, caf)
    select ${date}, ${statut}, ${pick(NOMS)}, ${pick(PRENOMS, 1)}, '06' || lpad((g % 100000000)::text, 8, '0'),
      'proprietaire' || g || '@exemple.fr', g || ' rue de la République', '10000', ${pick(VILLES, 2)},
      ${pick(PROXIMITES, 3)}, ${pick(TYPES_LOGEMENT, 4)}, case when g % 4 = 0 then 'Oui' else 'Non' end,
      case when g % 2 = 0 then 'Oui' else 'Non' end, case when g % 2 = 0 then ${pick(ETAGES, 5)} end,
      ${pick(SURFACES, 6)}, ${pick(CHAUFFAGES, 7)}, ${pick(LOYERS, 8)}, (g % 150)::numeric, ${pick(EQUIPEMENTS, 9)},
      ${pick(INFOS_LOGEMENT, 10)}, g % 3 = 0, case when g % 5 = 0 then 'Oui' else 'Non' end,
      case when g % 5 = 0 then 'Privatif' end, g % 2 = 1, case when g % 3 = 0 then 'Non' else 'Oui' end
    from generate_series(1, ${v.inscriptions}) g`);
  await db.execute(sql`
    insert into etudiants (date, email, adresse, cp, ville, ecole, statut_id)
    select ${date}, 'etudiant' || g || '@univ-exemple.fr', '', '10000', ${pick(VILLES)}, ${pick(ECOLES, 1)}, ${statut}
    from generate_series(1, ${v.etudiants}) g`);
  await db.execute(sql`
    insert into partenaires (date, date_last_update, type_partenaire, nom, lien, lien_offres, presentation, logo,
      nom_complet, adresse, cp, ville, telephone, mail, civilite_r, nom_r, prenom_r, fonction_r, telephone_r, mail_r,
      statut_id, categorie_id, filtre_id, actif)
    select ${date}, case when g % 3 = 0 then ${date} end, 'guichet', 'Partenaire ' || g || ' ' || ${pick(NOMS)},
      'https://partenaire' || g || '.exemple.fr', 'https://partenaire' || g || '.exemple.fr/etudiants',
      'Accompagnement des étudiants : logement, santé, transport et vie quotidienne à Troyes.',
      'bench-logo.png', 'Association Partenaire ' || g, g || ' avenue Pierre Brossolette', '10000', 'TROYES',
      '0325' || lpad((g % 1000000)::text, 6, '0'), 'contact' || g || '@partenaire.fr',
      case when g % 2 = 0 then 'Madame' else 'Monsieur' end, ${pick(NOMS, 1)}, ${pick(PRENOMS, 2)}, 'Directeur',
      '0611223344', 'representant' || g || '@partenaire.fr', ${statut},
      (select id from categories order by id offset (g % 10) limit 1), 1 + (g % 10), g % 4 <> 0
    from generate_series(1, ${v.partenaires}) g`);
}
