import {
  COURRIELS_ECHEC_JOURS,
  COURRIELS_RETARD_MINUTES,
  type Notifications,
  SEMAINES_TABLEAU_DE_BORD,
  type TableauDeBord,
} from '@guichet/contract';
import type { DbOrTx } from '../../db/client.ts';
import { mailHealth, mailsPerWeek } from '../../platform/mail/mail-stats.ts';
import { onWeeks, parisWeeks } from '../../platform/weekly.ts';
import { agentsRepository } from '../auth/agents.repository.ts';
import { etudiantsStats } from '../etudiants/etudiants.stats.repository.ts';
import { inscriptionsStats } from '../inscriptions/inscriptions.stats.repository.ts';
import { partenairesStats } from '../partenaires/partenaires.stats.repository.ts';

const DAY_MS = 86_400_000;

/**
 * The dashboard at `now` (issue 18): what waits and the weekly flows of the last twelve months.
 * Each feature's repository answers with aggregates of its own tables; nothing reads rows.
 */
export async function tableauDeBord(db: DbOrTx, now: Date, ageingDays: number): Promise<TableauDeBord> {
  const weeks = parisWeeks(now, SEMAINES_TABLEAU_DE_BORD);
  const cutoff = new Date(now.getTime() - ageingDays * DAY_MS);
  const [
    inscriptions,
    partenaires,
    etudiants,
    offresParSemaine,
    partenairesParSemaine,
    etudiantsParSemaine,
    mails,
    checks,
    courriels,
  ] = await Promise.all([
    inscriptionsStats.waiting(db, now, cutoff),
    partenairesStats.waiting(db, now, cutoff),
    etudiantsStats.waiting(db, now, cutoff),
    inscriptionsStats.perWeek(db, weeks),
    partenairesStats.perWeek(db, weeks),
    etudiantsStats.perWeek(db, weeks),
    mailsPerWeek(db, weeks),
    inscriptionsStats.checksPerWeek(db, weeks),
    mailHealth(db, {
      lateAfter: new Date(now.getTime() - COURRIELS_RETARD_MINUTES * 60_000),
      since: new Date(now.getTime() - COURRIELS_ECHEC_JOURS * DAY_MS),
    }),
  ]);
  const series = {
    inscriptions: onWeeks(weeks, offresParSemaine),
    partenaires: onWeeks(weeks, partenairesParSemaine),
    etudiants: onWeeks(weeks, etudiantsParSemaine),
    courrielsEnvoyes: onWeeks(weeks, mails.envoyes),
    courrielsEchoues: onWeeks(weeks, mails.echoues),
    offresConfirmees: onWeeks(weeks, checks.confirmees),
    offresExpirees: onWeeks(weeks, checks.expirees),
  };
  return {
    ageingDays,
    attente: {
      inscriptions,
      partenaires: partenaires.inscriptions,
      modificationsPartenaires: partenaires.modifications,
      etudiants,
    },
    semaines: weeks.map((semaine, i) => ({
      semaine,
      inscriptions: series.inscriptions[i],
      partenaires: series.partenaires[i],
      etudiants: series.etudiants[i],
      courrielsEnvoyes: series.courrielsEnvoyes[i],
      courrielsEchoues: series.courrielsEchoues[i],
      offresConfirmees: series.offresConfirmees[i],
      offresExpirees: series.offresExpirees[i],
    })),
    courriels: { ...courriels, retardMinutes: COURRIELS_RETARD_MINUTES, echecJours: COURRIELS_ECHEC_JOURS },
  };
}

/**
 * The bell: items still waiting that came in after the agent last opened its menu (never opened:
 * after the account was created, so a new agent is not greeted by the whole backlog, which the
 * dashboard shows).
 */
export async function notifications(db: DbOrTx, agentId: number, ageingDays: number): Promise<Notifications> {
  const seen = await agentsRepository.notificationsSeen(db, agentId);
  const depuis = seen?.vuesLe ?? null;
  const from = depuis ?? seen?.createdAt ?? new Date();
  const [inscriptions, partenaires, etudiants] = await Promise.all([
    inscriptionsStats.waitingAfter(db, from),
    partenairesStats.waitingAfter(db, from),
    etudiantsStats.waitingAfter(db, from),
  ]);
  return { ageingDays, depuis, total: inscriptions + partenaires + etudiants, inscriptions, partenaires, etudiants };
}
