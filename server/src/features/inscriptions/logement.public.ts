import {
  logementEndpoints as api,
  LIEN_PERDU_REPONSE,
  LOGEMENT_ACTION_MESSAGES,
  MODIFICATION_MESSAGES,
} from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { publicForm, rateLimited } from '../../platform/public-form.ts';
import { route } from '../../platform/route.ts';
import { archiveByLandlord, confirmAvailable, putBackOnline, sendLostLinks, viewByToken } from './landlord.service.ts';
import { proposeChanges } from './landlord-modification.service.ts';

const success = (message: string) => ({ status: 'success' as const, message });

/**
 * The landlord's personal link (issue 17): the page reads the offer, one click answers. Anyone may
 * call: the token is the credential, and a per-address limit keeps tokens from being guessed.
 */
export async function logementPublicRoutes(app: AppInstance) {
  const limit = rateLimited(app.config.publicFormRateLimit);

  route(
    app,
    api.byToken,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return viewByToken(app, request.params.token);
    },
    { config: limit },
  );

  route(
    app,
    api.disponible,
    async (request) => {
      await confirmAvailable(app, request.params.token);
      return success(LOGEMENT_ACTION_MESSAGES.disponible);
    },
    { config: limit },
  );

  route(
    app,
    api.loue,
    async (request) => {
      await archiveByLandlord(app, request.params.token, 'loue', request.body.motif);
      return success(LOGEMENT_ACTION_MESSAGES.loue);
    },
    { config: limit },
  );

  route(
    app,
    api.retrait,
    async (request) => {
      await archiveByLandlord(app, request.params.token, 'retiree', request.body.motif);
      return success(LOGEMENT_ACTION_MESSAGES.retiree);
    },
    { config: limit },
  );

  // The answer says whether the offer is back in the list or waits for the office's review.
  route(
    app,
    api.remiseEnLigne,
    async (request) => {
      const kind = await putBackOnline(app, request.params.token);
      return success(LOGEMENT_ACTION_MESSAGES[kind === 'directe' ? 'remiseDirecte' : 'remiseExamen']);
    },
    { config: limit },
  );

  // Checked by the wizard's schema (a 400 names each field); the answer says whether staff must review it.
  route(
    app,
    api.modification,
    async (request) => {
      const { proprietaire, logement } = request.body;
      const outcome = await proposeChanges(app, request.params.token, proprietaire, logement);
      return success(MODIFICATION_MESSAGES[outcome]);
    },
    { config: limit },
  );

  // The same answer, at the same moment, for a known and an unknown address (the honeypot answers
  // it too): the lookup and the mail are done after the answer.
  route(
    app,
    api.lienPerdu,
    async (request) => {
      const { email } = request.body;
      app.afterResponse.run('lien-perdu', async () => {
        await sendLostLinks(app, email);
      });
      return success(LIEN_PERDU_REPONSE);
    },
    { config: publicForm(app.config.publicFormRateLimit, LIEN_PERDU_REPONSE) },
  );
}
