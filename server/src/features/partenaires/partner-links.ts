import { fillPath, pages } from '@guichet/contract';
import { mailRepository } from '../../platform/mail/index.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { referenceRepository } from '../reference/reference.repository.ts';
import { partenairesRepository as repo } from './partenaires.repository.ts';
import type { PartenairesDeps } from './partenaires.service.ts';

/** At most this many new-link mails to one address in 24 hours, whatever the number of requests. */
export const LIENS_PAR_JOUR = 3;

/**
 * A partner whose link is used or expired asks for a new one by e-mail address: one mail listing
 * a fresh link for each partner of that address that is published or waiting for validation.
 * Returns whether a mail was queued (the limit reached, or no such partner: none).
 */
export async function sendPartnerLinks(deps: PartenairesDeps, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const since = new Date(Date.now() - 24 * 3600_000);
  const queued = await deps.db.transaction(async (tx) => {
    await repo.lockAddress(tx, address);
    if ((await mailRepository.countSentTo(tx, address, 'lien_partenaire', since)) >= LIENS_PAR_JOUR) return false;
    const found = await repo.linkableByEmail(tx, address);
    if (found.length === 0) return false;
    const links = [];
    for (const partenaire of found) {
      const token = newToken();
      await repo.setToken(tx, partenaire.id, hashToken(token));
      const href = fillPath(pages.updatePartenaire, { token });
      links.push({ label: `Mettre à jour « ${partenaire.nom} »`, href, personal: true });
    }
    const params = await referenceRepository.params(tx);
    const body = deps.mail.render({
      params,
      title: 'Votre lien de mise à jour',
      paragraphs: [
        'Bonjour,',
        `Vous avez demandé un nouveau lien pour vérifier ou mettre à jour vos informations dans l’annuaire des partenaires du ${params.nomSite}.`,
        found.length > 1
          ? `Un lien pour chacun des ${found.length} partenaires enregistrés avec cette adresse :`
          : `Le lien ci-dessous ouvre les informations de « ${found[0].nom} ».`,
        `Ce lien est personnel, ne sert qu’une fois et reste valable ${deps.linkDays} jours : merci de ne pas le transférer. Les liens reçus auparavant ne fonctionnent plus.`,
        'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : vos informations ne changent pas.',
      ],
      links,
    });
    await deps.mail.enqueue(tx, {
      to: address,
      subject: `Votre lien de mise à jour — ${params.nomSite}`,
      ...body,
      kind: 'lien_partenaire',
      entite: 'partenaire',
      entiteId: found.length === 1 ? found[0].id : undefined,
    });
    return true;
  });
  if (queued) deps.mail.wake();
  return queued;
}
