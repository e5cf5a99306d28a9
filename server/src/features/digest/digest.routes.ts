import { DIGEST_MESSAGES, sessionEndpoints } from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requireUser } from '../../platform/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import { recordJournal } from '../../platform/journal/journal.ts';
import { route } from '../../platform/route.ts';
import { agentsRepository } from '../auth/agents.repository.ts';
import { digestChoice } from './digest.service.ts';

/** /api/admin: « Mon compte », the daily digest and the address it goes to, for every logged-in agent. */
export async function digestAdminRoutes(app: AppInstance) {
  route(app, sessionEndpoints.digest, async (request) => digestChoice(app.db, await requireUser(request)));

  route(app, sessionEndpoints.setDigest, async (request) => {
    const user = await requireUser(request);
    const choice = await digestChoice(app.db, user);
    // Stopping is always possible; choosing it needs an address and a list to sum up.
    if (request.body.digestQuotidien && choice.raison) {
      throw badRequest([{ key: 'digestQuotidien', error: choice.raison }], choice.raison);
    }
    await agentsRepository.setDigest(app.db, user.id, request.body.digestQuotidien);
    return { ...choice, digestQuotidien: request.body.digestQuotidien };
  });

  route(app, sessionEndpoints.setEmail, async (request) => {
    const user = await requireUser(request);
    const email = request.body.email || null;
    // The address and its journal line commit together; removing it stops the digest.
    const choice = await app.db.transaction(async (tx) => {
      const before = await digestChoice(tx, user);
      await agentsRepository.setEmail(tx, user.id, email);
      if (before.email !== email) {
        await recordJournal(tx, user, {
          action: 'compte.courriel',
          entite: 'agent',
          entiteId: user.id,
          resume: email ? 'Adresse électronique enregistrée dans « Mon compte »' : 'Adresse électronique supprimée',
          avant: { email: before.email, resumeQuotidien: before.digestQuotidien },
          apres: { email, resumeQuotidien: email ? before.digestQuotidien : false },
        });
      }
      return digestChoice(tx, user);
    });
    return { ...choice, message: email ? DIGEST_MESSAGES.adresseEnregistree : DIGEST_MESSAGES.adresseSupprimee };
  });
}
