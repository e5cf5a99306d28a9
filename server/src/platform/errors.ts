import { type FieldError, MESSAGES, toFieldErrors } from '@guichet/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** A refusal the client can act on: a status, a French message and optional field errors. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: FieldError[] = [],
    /** A machine-readable reason the client acts on (errorResponseSchema `reason`). */
    readonly reason?: string,
  ) {
    super(message);
  }
}
export const badRequest = (errors: FieldError[], message: string = MESSAGES.requeteInvalide) =>
  new HttpError(400, message, errors);
export const notFound = (message: string = MESSAGES.introuvable) => new HttpError(404, message);

/**
 * Errors the router raises before any route runs (a path that is not valid percent-encoded UTF-8,
 * such as a lone surrogate's bytes, or a parameter past its length): Fastify would answer in
 * English and echo the path back.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const code = error.statusCode === 414 ? 414 : 400;
  reply.code(code).send({ status: 'error', message: MESSAGES.requeteInvalide, errors: [] });
}

/**
 * Every error leaves as `{ status: 'error', message, errors }` in French; internals never leave the
 * server (a stack trace or SQL text would tell an attacker too much).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The zod issue's path arrives as a JSON pointer (`/logement/etage`); the web keys its own errors alike.
      const errors = toFieldErrors(
        error.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? MESSAGES.requeteInvalide,
        })),
      );
      return reply.code(400).send({ status: 'error', message: MESSAGES.requeteInvalide, errors });
    }
    if (error instanceof HttpError) {
      const { statusCode, message, errors, reason } = error;
      return reply.code(statusCode).send({ status: 'error', message, errors, ...(reason ? { reason } : {}) });
    }
    const code = error.statusCode ?? 500;
    if (code === 429) return reply.code(429).send({ status: 'error', message: MESSAGES.tropDeRequetes, errors: [] });
    if (code >= 400 && code < 500) {
      const message =
        code === 413
          ? 'Le contenu envoyé est trop volumineux.'
          : code === 415
            ? 'Type de contenu non pris en charge.'
            : MESSAGES.requeteInvalide;
      return reply.code(code).send({ status: 'error', message, errors: [] });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ status: 'error', message: MESSAGES.erreurServeur, errors: [] });
  });
}
