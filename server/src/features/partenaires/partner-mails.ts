import { type CourrielType, pages } from '@guichet/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { MailContent, Mailer } from '../../platform/mail/index.ts';
import { referenceRepository } from '../reference/reference.repository.ts';

/**
 * The courtesy mails a partner gets, as landlords do (docs/decisions/partenaires.md): receipt of
 * its registration, its publication in the directory, staff's answer to its proposed changes.
 * Each is queued in the caller's transaction (the outbox); the caller wakes the mailer after it.
 */
export type PartnerForMail = {
  id: number;
  nom: string;
  mail: string;
  mailR: string;
  civiliteR: string;
  nomR: string;
};

/** The partner's contact address and its representative's, once each. */
export const partnerRecipients = (p: Pick<PartnerForMail, 'mail' | 'mailR'>) =>
  [...new Set([p.mail, p.mailR].map((m) => m.trim().toLowerCase()))].join(', ');

async function queue(
  tx: DbOrTx,
  mail: Mailer,
  p: PartnerForMail,
  content: { kind: CourrielType; subject: string; title: string; paragraphs: string[]; link?: MailContent['link'] },
) {
  const params = await referenceRepository.params(tx);
  const body = mail.render({
    params,
    title: content.title,
    paragraphs: [`Bonjour ${p.civiliteR} ${p.nomR},`, ...content.paragraphs],
    link: content.link,
  });
  await mail.enqueue(tx, {
    to: partnerRecipients(p),
    subject: `${content.subject} — ${params.nomSite}`,
    ...body,
    kind: content.kind,
    entite: 'partenaire',
    entiteId: p.id,
  });
}

const annuaire = { label: 'Voir l’annuaire des partenaires', href: pages.partenaires };

/** Registration received: it waits for staff before any publication. */
export const queueRegistrationReceipt = (tx: DbOrTx, mail: Mailer, p: PartnerForMail) =>
  queue(tx, mail, p, {
    kind: 'accuse_reception_partenaire',
    subject: 'Votre inscription a bien été reçue',
    title: 'Votre inscription à l’annuaire des partenaires',
    paragraphs: [
      `Nous avons bien reçu l’inscription de « ${p.nom} » à l’annuaire des partenaires.`,
      'Le guichet va l’examiner avant sa publication : vous recevrez un courriel dès qu’elle paraîtra dans l’annuaire.',
    ],
  });

/** Validated and active: the partner now appears in the directory. */
export const queuePublication = (tx: DbOrTx, mail: Mailer, p: PartnerForMail) =>
  queue(tx, mail, p, {
    kind: 'decision_partenaire',
    subject: 'Vous êtes publié dans l’annuaire des partenaires',
    title: 'Votre inscription est validée',
    paragraphs: [
      `Le guichet a validé l’inscription de « ${p.nom} » : elle est désormais publiée dans l’annuaire des partenaires.`,
      'Chaque année, nous vous écrirons pour vérifier ces informations avec vous.',
    ],
    link: annuaire,
  });

/** Staff's answer to the changes the partner proposed through its personal link. */
export const queueProposalDecision = (
  tx: DbOrTx,
  mail: Mailer,
  p: PartnerForMail,
  decision: { validee: boolean; publie: boolean },
) =>
  queue(
    tx,
    mail,
    p,
    decision.validee
      ? {
          kind: 'decision_partenaire',
          subject: 'Vos modifications sont validées',
          title: 'Vos modifications sont validées',
          paragraphs: [
            decision.publie
              ? `Le guichet a validé les modifications que vous avez proposées pour « ${p.nom} » : elles sont publiées dans l’annuaire des partenaires.`
              : `Le guichet a validé les modifications que vous avez proposées pour « ${p.nom} » : elles sont enregistrées.`,
          ],
          link: decision.publie ? annuaire : undefined,
        }
      : {
          kind: 'decision_partenaire',
          subject: 'Vos modifications n’ont pas été retenues',
          title: 'Vos modifications n’ont pas été retenues',
          paragraphs: [
            `Le guichet n’a pas retenu les modifications que vous avez proposées pour « ${p.nom} » : vos informations restent celles enregistrées jusqu’ici.`,
            'Pour en savoir plus, contactez le guichet (coordonnées ci-dessous).',
          ],
        },
  );
