import { sessionEndpoints } from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requireUser } from '../../platform/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { agentsRepository } from '../auth/agents.repository.ts';
import { digestChoice } from './digest.service.ts';

/** /api/admin: « Mon compte », the daily digest, for every logged-in agent. */
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
}
