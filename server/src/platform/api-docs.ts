import { canAccess, MESSAGES, MOT_DE_PASSE_A_CHANGER, PASSWORD_MESSAGES } from '@guichet/contract';
import Fastify, { type FastifyRequest, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppInstance } from './app-instance.ts';
import { HttpError } from './errors.ts';
import { loadOnce } from './lazy.ts';
import { securityEvent } from './security-log.ts';

const PREFIX = '/api/docs';
/**
 * Headers of the docs' answer that the portal's own reply sets itself. The security policy is the
 * portal's on every docs page too: the docs app never gets to replace it with a weaker one.
 */
const HOP_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'content-security-policy',
]);

/**
 * The API's map (OpenAPI, and swagger-ui to read it) at `/api/docs`, for administrators only: 401
 * without a session, 403 for any other agent and while the password must be changed, like an
 * `administration` screen (docs/security.md, « Documentation de l’API »). Its pages keep the
 * portal's CSP: swagger-ui's files and its start script are served from the portal itself. @fastify/swagger and swagger-ui, with yaml, cost
 * 0.3 s at each start for a page few people open: the portal notes each route as it is registered,
 * and builds the docs the first time someone asks, in an app of their own that holds the same routes
 * (schemas, no handlers); each docs request is answered from it.
 */
export function registerApiDocs(app: AppInstance, info: { title: string; version: string; url: string }) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (r) => {
    // Fastify adds a HEAD beside each GET; the docs app does the same.
    if (r.method !== 'HEAD' && !r.url.startsWith(PREFIX)) routes.push(r as RouteOptions);
  });

  const docs = loadOnce(() => buildDocs(routes, info));
  for (const url of [PREFIX, `${PREFIX}/*`]) {
    app.route({
      method: ['GET', 'HEAD'],
      url,
      onRequest: async (request) => {
        await requireAdministrator(request);
      },
      handler: async (request, reply) => {
        const { 'accept-encoding': _, cookie: __, ...headers } = request.headers;
        const res = await (await docs()).inject({ method: request.method as 'GET', url: request.url, headers });
        if (res.statusCode === 404) return reply.callNotFound();
        for (const [name, value] of Object.entries(res.headers)) {
          if (!HOP_HEADERS.has(name) && value !== undefined) reply.header(name, value);
        }
        reply.code(res.statusCode);
        // A redirection has no body, and no content type to give it.
        return res.rawPayload.length > 0 ? reply.send(res.rawPayload) : reply.send();
      },
    });
  }
}

async function buildDocs(routes: RouteOptions[], info: { title: string; version: string; url: string }) {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const docs = Fastify({ logger: false });
  docs.setValidatorCompiler(validatorCompiler);
  // Never called: the routes here have no handler of their own.
  docs.setSerializerCompiler(() => JSON.stringify);
  await docs.register(swagger, {
    openapi: { info: { title: info.title, version: info.version }, servers: [{ url: info.url }] },
    transform: jsonSchemaTransform,
  });
  // No `staticCSP`: it would set swagger-ui's own, looser policy (outside images, framing by the
  // same site). Its start script is a file (swagger-initializer.js): nothing inline to allow. No
  // online validator either: its badge is an image from another host.
  await docs.register(swaggerUi, { routePrefix: PREFIX, validatorUrl: false });
  for (const r of routes) {
    docs.route({ method: r.method, url: r.url, schema: r.schema, handler: () => undefined });
  }
  await docs.ready();
  return docs;
}

/** The admin guard's checks (platform/auth.ts), for the `administration` area: docs routes sit outside /api/admin. */
async function requireAdministrator(request: FastifyRequest) {
  const route = `${request.method} ${PREFIX}`;
  const user = await request.currentUser();
  if (!user) {
    securityEvent(request.log, 'acces_refuse', { status: 401, route });
    throw new HttpError(401, MESSAGES.accesNonAutorise);
  }
  if (user.motDePasseAChanger) {
    securityEvent(request.log, 'acces_refuse', { status: 403, route, reason: MOT_DE_PASSE_A_CHANGER });
    throw new HttpError(403, PASSWORD_MESSAGES.aChanger, [], MOT_DE_PASSE_A_CHANGER);
  }
  if (!canAccess(user.roles, 'administration')) {
    securityEvent(request.log, 'acces_refuse', { status: 403, route });
    throw new HttpError(403, MESSAGES.accesNonAutorise);
  }
}
