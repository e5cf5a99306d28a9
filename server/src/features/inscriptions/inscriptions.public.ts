import {
  errorResponseSchema,
  inscriptionSchema,
  logementSchema,
  proprietaireSchema,
  successSchema,
  validateSuccessSchema,
} from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { publicForm } from '../../platform/public-form.ts';
import { inscriptionsRepository as repo } from './inscriptions.repository.ts';

const tags = ['Inscriptions des propriétaires'];
const validated = { status: 'success' as const, errors: [] };
const ENREGISTREE = 'Votre offre de logement a bien été enregistrée.';

/**
 * The landlord wizard (spec §7). Each step is checked by the server with the contract schema; a
 * failure is a 400 `{ status: 'error', errors: [{ key, error }] }` written by the error handler.
 */
export async function inscriptionsPublicRoutes(app: AppInstance) {
  app.get(
    '/inscription/proprietaire/validate',
    {
      schema: {
        tags,
        summary: 'Vérifie l’étape « Propriétaire »',
        querystring: proprietaireSchema,
        response: { 200: validateSuccessSchema, 400: errorResponseSchema },
      },
    },
    () => validated,
  );

  app.get(
    '/inscription/logement/validate',
    {
      schema: {
        tags,
        summary: 'Vérifie l’étape « Logement »',
        querystring: logementSchema,
        response: { 200: validateSuccessSchema, 400: errorResponseSchema },
      },
    },
    () => validated,
  );

  // Anyone may post: a per-address limit and the honeypot keep scripts from flooding the list.
  app.post(
    '/inscription/add',
    {
      config: publicForm(app.config.publicFormRateLimit, ENREGISTREE),
      schema: {
        tags,
        summary: 'Enregistre une offre de logement (statut « En attente »)',
        body: inscriptionSchema,
        response: { 200: successSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const { proprietaire, logement } = request.body;
      await repo.add(app.db, proprietaire, logement);
      return { status: 'success' as const, message: ENREGISTREE };
    },
  );
}
