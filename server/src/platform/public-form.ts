import { HONEYPOT_FIELD } from '@guichet/contract';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A form the public submits: rate-limited per address and guarded by the honeypot field.
     * `message` is the form's own success message, which a robot gets too.
     */
    publicForm?: { message: string };
  }
}

/**
 * Route config of a public form: `limit` submissions per minute from one address
 * (PUBLIC_FORM_RATE_LIMIT; 0 turns the limit off, e.g. for load tests), and the form's success
 * message, which the honeypot answers with too.
 */
export const publicForm = (limit: number, message: string): FastifyContextConfig => ({
  publicForm: { message },
  ...rateLimited(limit),
});

/** The per-address limit alone, for a public write that is no form (a file upload). */
export const rateLimited = (limit: number): FastifyContextConfig =>
  limit > 0 ? { rateLimit: { max: limit, timeWindow: '1 minute' } } : {};

/**
 * A filled honeypot is a robot: it gets the very answer a person gets (so it cannot tell it was
 * caught) and nothing is stored. No CAPTCHA, which would shut out screen-reader users.
 */
export function registerHoneypot(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    const form = request.routeOptions.config.publicForm;
    if (!form) return;
    const trap = (request.body as Record<string, unknown> | undefined)?.[HONEYPOT_FIELD];
    if (typeof trap === 'string' && trap.trim() !== '') {
      request.log.warn({ route: request.routeOptions.url }, 'formulaire public : champ piège rempli, envoi ignoré');
      return reply.code(200).send({ status: 'success', message: form.message });
    }
  });
}
