import { HONEYPOT_FIELD } from '@guichet/contract';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A form the public submits: rate-limited per address and guarded by the honeypot field. */
    publicForm?: boolean;
  }
}

/**
 * Route config of a public form: `limit` submissions per minute from one address
 * (PUBLIC_FORM_RATE_LIMIT; 0 turns the limit off, e.g. for load tests).
 */
export const publicForm = (limit: number): FastifyContextConfig => ({
  publicForm: true,
  ...(limit > 0 ? { rateLimit: { max: limit, timeWindow: '1 minute' } } : {}),
});

/**
 * A filled honeypot is a robot: it gets the success it expects and nothing is stored. No
 * CAPTCHA, which would shut out screen-reader users.
 */
export function registerHoneypot(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    if (!request.routeOptions.config.publicForm) return;
    const trap = (request.body as Record<string, unknown> | undefined)?.[HONEYPOT_FIELD];
    if (typeof trap === 'string' && trap.trim() !== '') {
      request.log.warn({ url: request.url }, 'formulaire public : champ piège rempli, envoi ignoré');
      return reply.code(200).send({ status: 'success', message: 'Votre demande a bien été enregistrée.' });
    }
  });
}
