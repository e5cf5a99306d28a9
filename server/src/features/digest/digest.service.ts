import { canAccess, DIGEST_MESSAGES, type DigestChoice, formatDate, pages } from '@guichet/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { claimDay } from '../../platform/daily-jobs.ts';
import { type Mailer, mailRepository } from '../../platform/mail/index.ts';
import { agentsRepository } from '../auth/agents.repository.ts';
import { etudiantsStats } from '../etudiants/etudiants.stats.repository.ts';
import { inscriptionsStats } from '../inscriptions/inscriptions.stats.repository.ts';
import { partenairesStats } from '../partenaires/partenaires.stats.repository.ts';
import { referenceRepository } from '../reference/reference.repository.ts';

/**
 * The daily digest (issue 18): each agent who chose it on « Mon compte » gets one mail a day with
 * what came in since the day before, what waits longer than AGEING_DAYS, and (the mail log's
 * agents) the mails that failed, each with a link to the list. Only the areas the agent's roles
 * open; nothing to say, no mail. It goes to the agent's address (`agents.email`).
 */
export type DigestDeps = { db: Db; mail: Mailer; ageingDays: number };
export type DigestCounts = { envoyes: number; rienANoter: number; sansAdresse: number };

const DAY_MS = 24 * 3600_000;
/** One run at a time across every server process; PGlite runs the same SQL. */
const DIGEST_LOCK = sql`hashtext('guichet:digest')`;

/** « Mon compte »: the agent's choice, its address, or why the digest cannot be sent. */
export async function digestChoice(db: DbOrTx, user: { id: number; roles: string[] }): Promise<DigestChoice> {
  const { on, email } = await agentsRepository.digestChoice(db, user.id);
  const listes = canAccess(user.roles, 'gestion') || canAccess(user.roles, 'administration');
  const raison = !email ? DIGEST_MESSAGES.sansAdresse : !listes ? DIGEST_MESSAGES.sansListe : null;
  return { digestQuotidien: on, email, adresse: raison ? null : email, raison };
}

/** One area of the digest: new since yesterday, waiting too long, and where to see them. */
type Section = {
  titre: string;
  /** « reçue » or « reçu », singular and plural, agreeing with the title's noun. */
  recu: [string, string];
  nouveaux: number;
  enRetard: number;
  liste: string;
  retard: string;
};
type Figures = { gestion: Section[]; echecs: number };

async function figures(db: DbOrTx, now: Date, ageingDays: number): Promise<Figures> {
  const since = new Date(now.getTime() - DAY_MS);
  const cutoff = new Date(now.getTime() - ageingDays * DAY_MS);
  const [offres, offresNew, partenaires, partenairesNew, etudiants, etudiantsNew, echecs] = await Promise.all([
    inscriptionsStats.waiting(db, now, cutoff),
    inscriptionsStats.waitingAfter(db, since),
    partenairesStats.waiting(db, now, cutoff),
    partenairesStats.waitingAfter(db, since),
    etudiantsStats.waiting(db, now, cutoff),
    etudiantsStats.waitingAfter(db, since),
    mailRepository.failedSince(db, since),
  ]);
  const attente = `f.attente=${ageingDays}`;
  return {
    gestion: [
      {
        titre: 'Offres de logement',
        recu: ['reçue', 'reçues'],
        nouveaux: offresNew,
        enRetard: offres.enRetard,
        liste: `${pages.admin.inscriptions}?f.statut=1`,
        retard: `${pages.admin.inscriptions}?${attente}`,
      },
      {
        titre: 'Partenaires (inscriptions et modifications proposées)',
        recu: ['reçue', 'reçues'],
        nouveaux: partenairesNew,
        enRetard: partenaires.inscriptions.enRetard + partenaires.modifications.enRetard,
        liste: `${pages.admin.partenaires}?f.statut=1`,
        retard: `${pages.admin.partenaires}?${attente}`,
      },
      {
        titre: 'Demandes d’étudiants',
        recu: ['reçue', 'reçues'],
        nouveaux: etudiantsNew,
        enRetard: etudiants.enRetard,
        liste: `${pages.admin.etudiants}?f.statut=1`,
        retard: `${pages.admin.etudiants}?${attente}`,
      },
    ],
    echecs,
  };
}

const count = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** The paragraphs and links of one agent's digest; null when its areas have nothing to say. */
function digestFor(roles: string[], f: Figures, ageingDays: number) {
  const paragraphs: string[] = [];
  const links: { label: string; href: string }[] = [];
  if (canAccess(roles, 'gestion')) {
    for (const s of f.gestion) {
      if (s.nouveaux === 0 && s.enRetard === 0) continue;
      paragraphs.push(
        `${s.titre} : ${count(s.nouveaux, ...s.recu)} depuis hier, ${s.enRetard} en attente depuis plus de ${ageingDays} jours.`,
      );
      if (s.nouveaux) links.push({ label: `${s.titre} : en attente`, href: s.liste });
      if (s.enRetard)
        links.push({ label: `${s.titre} : en attente depuis plus de ${ageingDays} jours`, href: s.retard });
    }
  }
  if (canAccess(roles, 'administration') && f.echecs > 0) {
    paragraphs.push(`Courriels en échec depuis hier : ${f.echecs}.`);
    links.push({ label: 'Courriels en échec', href: `${pages.admin.courriels}?f.statut=failed` });
  }
  return paragraphs.length ? { paragraphs, links } : null;
}

/**
 * The `digest` job for `day` (Europe/Paris) as of `now`: claims the day, then queues one mail per
 * agent who chose it, in the same transaction ('done': some process already ran that day; 'busy':
 * another is running it). An agent who ticks the box after the day's run gets the next day's.
 */
export async function runDigest(deps: DigestDeps, now: Date, day: string): Promise<DigestCounts | 'busy' | 'done'> {
  const outcome = await deps.db.transaction(async (tx) => {
    const res = (await tx.execute(sql`select pg_try_advisory_xact_lock(${DIGEST_LOCK}) as ok`)) as unknown as {
      rows: { ok: boolean }[];
    };
    if (res.rows[0]?.ok !== true) return 'busy' as const;
    if (!(await claimDay(tx, 'digest', day))) return 'done' as const;
    const counts: DigestCounts = { envoyes: 0, rienANoter: 0, sansAdresse: 0 };
    const recipients = await agentsRepository.digestRecipients(tx);
    if (recipients.length === 0) return counts;
    const f = await figures(tx, now, deps.ageingDays);
    const params = await referenceRepository.params(tx);
    for (const agent of recipients) {
      const to = agent.email;
      if (!to) {
        counts.sansAdresse++;
        continue;
      }
      const body = digestFor(agent.roles, f, deps.ageingDays);
      if (!body) {
        counts.rienANoter++;
        continue;
      }
      const mail = deps.mail.render({
        params,
        title: `Résumé quotidien du ${formatDate(now)}`,
        paragraphs: [
          `Bonjour ${agent.prenom} ${agent.nom},`,
          'Voici ce qui attend le guichet :',
          ...body.paragraphs,
          'Vous recevez ce courriel parce que vous l’avez demandé dans « Mon compte », où vous pouvez aussi l’arrêter.',
        ],
        links: [...body.links, { label: 'Mon compte', href: pages.admin.compte }],
      });
      await deps.mail.enqueue(tx, {
        to,
        subject: `Résumé quotidien du ${formatDate(now)} — ${params.nomSite}`,
        ...mail,
        kind: 'resume_quotidien',
        entite: 'agent',
        entiteId: agent.id,
      });
      counts.envoyes++;
    }
    return counts;
  });
  if (typeof outcome === 'object' && outcome.envoyes > 0) deps.mail.wake();
  return outcome;
}
