import { inscriptionEndpoints as api } from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { publicForm } from '../../platform/public-form.ts';
import { route } from '../../platform/route.ts';
import { registerOffer } from './landlord.service.ts';

const validated = { status: 'success' as const, errors: [] };
const ENREGISTREE = 'Votre offre de logement a bien été enregistrée.';

/**
 * The landlord wizard (docs/spec/portal-spec.md §7). Each step is checked by the server with the contract schema; a
 * failure is a 400 `{ status: 'error', errors: [{ key, error }] }` written by the error handler.
 */
export async function inscriptionsPublicRoutes(app: AppInstance) {
  route(app, api.validateProprietaire, () => validated);
  route(app, api.validateLogement, () => validated);

  // Anyone may post: a per-address limit and the honeypot keep scripts from flooding the list.
  route(
    app,
    api.add,
    async (request) => {
      const { proprietaire, logement } = request.body;
      await registerOffer(app, proprietaire, logement);
      return { status: 'success' as const, message: ENREGISTREE };
    },
    { config: publicForm(app.config.publicFormRateLimit, ENREGISTREE) },
  );
}
