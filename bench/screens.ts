import { courrielEndpoints, journalEndpoints, tableauDeBordEndpoints } from '@guichet/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../server/src/db/client.ts';
import { asSent } from './lists.ts';
import type { Volumes } from './seed.ts';

/**
 * The staff-operations screens (issue 18: dashboard, mail log, journal), each ≤ 1 s at the
 * bench's volumes (and at --scale 10 on PostgreSQL), opened by one agent.
 *
 * To add a screen: one entry below with the URL its page calls first (a contract path, with the
 * query it sends) and, if the seeded volumes leave its table empty, `seed` filling it in one
 * set-based statement (see seed.ts: generate_series, `v` scales with --scale).
 */
export type Screen = {
  /** As the results table names it: « Tableau de bord », « Courriels », « Journal ». */
  name: string;
  /** Requested in turn by one client; every answer must be 200. */
  urls: string[];
  seed?: (db: DbOrTx, v: Volumes) => Promise<void>;
};

/** Spread over three years like the seeded requests. */
const date = sql.raw(`now() - ((g % 1095) * interval '1 day') - ((g * 37 % 86400) * interval '1 second')`);

export const SCREENS: Screen[] = [
  {
    name: 'Tableau de bord',
    urls: [tableauDeBordEndpoints.get.path, tableauDeBordEndpoints.notifications.path],
  },
  {
    // One mail per student request: sent, one in fifty failed (never pending: the server would send them).
    name: 'Courriels',
    urls: [
      courrielEndpoints.list.path,
      asSent(`${courrielEndpoints.list.path}?search=etudiant12&rowsPerPage=20`),
      asSent(`${courrielEndpoints.list.path}?page=3&rowsPerPage=20`),
    ],
    seed: async (db, v) => {
      await db.execute(sql`
        insert into mail_outbox (message_id, "to", subject, text, html, status, attempts, created_at, sent_at,
          last_error, kind, entite, entite_id)
        select '<bench-' || g || '@guichet.test>', 'etudiant' || g || '@univ-exemple.fr',
          'Liste des logements du guichet', 'Bonjour', '<p>Bonjour</p>',
          case when g % 50 = 0 then 'failed' else 'sent' end, 1, ${date},
          case when g % 50 = 0 then null else ${date} end,
          case when g % 50 = 0 then '550 boîte inconnue' end, 'liste_logements', 'etudiant', g
        from generate_series(1, ${v.etudiants}) g`);
    },
  },
  {
    // One staff action per offer.
    name: 'Journal',
    urls: [
      journalEndpoints.list.path,
      asSent(`${journalEndpoints.list.path}?search=proprietaire12&rowsPerPage=20`),
      asSent(`${journalEndpoints.list.path}?page=3&rowsPerPage=20`),
    ],
    seed: async (db, v) => {
      await db.execute(sql`
        insert into journal (date, agent_id, agent, action, entite, entite_id, resume, avant, apres)
        select ${date}, null, 'Camille MARTIN', 'inscription.statut', 'inscription', g,
          'Offre de proprietaire' || g || '@exemple.fr : Validé', '{"statut":"En attente"}'::jsonb,
          '{"statut":"Validé"}'::jsonb
        from generate_series(1, ${v.inscriptions}) g`);
    },
  },
];

/** The budget of each screen: p95 of one agent's requests. */
export const SCREEN_BUDGET_MS = 1000;
