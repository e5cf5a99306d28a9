import Fastify, { type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppInstance } from './app-instance.ts';
import { requireUser } from './auth.ts';
import { loadOnce } from './lazy.ts';

const PREFIX = '/api/docs';
/** Headers of the docs' answer that the portal's own reply sets itself. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/**
 * The API's map (OpenAPI, and swagger-ui to read it) at `/api/docs`, for staff only (401 without a
 * session; decisions: « Documentation de l’API »). @fastify/swagger and swagger-ui, with yaml, cost
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
        await requireUser(request);
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
  await docs.register(swaggerUi, { routePrefix: PREFIX, staticCSP: true });
  for (const r of routes) {
    docs.route({ method: r.method, url: r.url, schema: r.schema, handler: () => undefined });
  }
  await docs.ready();
  return docs;
}
