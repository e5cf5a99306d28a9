import { type EndpointDef, endpointKey, endpointTag, findEndpoint } from '@guichet/contract';
import fastJson from 'fast-json-stringify';
import type { FastifyContextConfig, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from './app-instance.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's declaration this route was registered from (see `route`). */
    endpoint?: EndpointDef;
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type Success<E extends EndpointDef> = E['response'] extends { 200: infer S extends z.ZodType } ? z.input<S> : unknown;

/** A handler typed by its endpoint: parsed params, query and body in, the 200 answer (or the reply) out. */
export type EndpointHandler<E extends EndpointDef> = (
  request: FastifyRequest<{ Params: Out<E['params']>; Querystring: Out<E['query']>; Body: Out<E['body']> }>,
  reply: FastifyReply,
) => Success<E> | FastifyReply | Promise<Success<E> | FastifyReply>;

/** What only the server knows of a route: rate limit, honeypot, log level. */
export type RouteExtras = {
  config?: FastifyContextConfig;
  logLevel?: RouteShorthandOptions['logLevel'];
};

/** Zod types a JSON schema states exactly: an answer made only of these is serialised by compiled code. */
const PLAIN = new Set([
  'object',
  'array',
  'string',
  'number',
  'boolean',
  'null',
  'literal',
  'enum',
  'date',
  'nullable',
  'optional',
  'record',
  'unknown',
]);

function isPlain(schema: z.ZodType): boolean {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (!PLAIN.has(def.type)) return false;
  const inner = (key: string) => isPlain(def[key] as z.ZodType);
  switch (def.type) {
    case 'object':
      return Object.values(def.shape as Record<string, z.ZodType>).every(isPlain);
    case 'array':
      return inner('element');
    case 'nullable':
    case 'optional':
      return inner('innerType');
    case 'record':
      return inner('valueType');
    default:
      return true;
  }
}

/**
 * An answer's serialiser compiled once from the contract's schema (fast-json-stringify, what Fastify
 * does with a JSON schema): about five times faster than checking the answer with zod then
 * `JSON.stringify`, for the same bytes. Like zod it leaves out every field the contract does not
 * declare and refuses an answer without a required field (500); unlike zod it does not check a
 * value's type at run time, which the handler's type (`EndpointHandler`) already does at compile
 * time. A schema with a union or a transform keeps zod's serialiser. Undefined: not compilable.
 */
export function compiledSerializer(schema: z.ZodType): ((data: unknown) => string) | undefined {
  if (!isPlain(schema)) return undefined;
  const json = z.toJSONSchema(schema, {
    io: 'input',
    // `nullable: true`, as fast-json-stringify reads it (draft 2020-12 would say anyOf with null).
    target: 'openapi-3.0',
    unrepresentable: 'any',
    override: (ctx) => {
      // A Date goes out as its ISO text, as JSON.stringify writes it.
      if (ctx.zodSchema._zod.def.type === 'date')
        Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
    },
  });
  return fastJson(json as Parameters<typeof fastJson>[0]);
}

/** An answer's serialiser: compiled where possible, zod's otherwise. */
export const compileAnswer: typeof zodSerializerCompiler = (route) =>
  compiledSerializer(route.schema as z.ZodType) ?? zodSerializerCompiler(route);

/**
 * Fastify's serializer compiler for the contract's routes: each answer's serialiser made at its first
 * use rather than at each start (0.1 s for all the portal's answers, most of them rare). That every
 * declared answer compiles is a unit test (route.unit.test.ts).
 */
const responseSerializerCompiler: typeof zodSerializerCompiler = (route) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    serialize ??= compileAnswer(route);
    return serialize(data);
  };
};

/**
 * Registers an endpoint of the contract's table on this scope: the path, the schemas and the
 * access all come from the declaration, the scope's prefix (`/api`, `/api/admin`) is taken off
 * its path. The app refuses any `/api` route registered otherwise (`refuseUndeclaredRoutes`).
 */
export function route<E extends EndpointDef>(
  app: AppInstance,
  e: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
) {
  if (!e.path.startsWith(app.prefix)) {
    throw new Error(`${endpointKey(e)} ne peut pas être déclarée sous ${app.prefix || '/'}.`);
  }
  const admin = e.path.startsWith('/api/admin/');
  const agentAccess = e.access !== 'public' && e.access !== 'token';
  if (admin !== agentAccess) throw new Error(`${endpointKey(e)} : accès « ${e.access} » incohérent avec son chemin.`);
  // Only the admin scope runs the session and role guard (platform/auth.ts guardAdminScope).
  if (admin && !app.prefix.startsWith('/api/admin')) {
    throw new Error(`${endpointKey(e)} doit être déclarée dans la portée d’administration.`);
  }
  const tag = endpointTag(e);
  const config: FastifyContextConfig = {
    ...extras.config,
    endpoint: e,
    ...(agentAccess ? { access: e.access as Exclude<typeof e.access, 'public' | 'token'> } : {}),
    ...(e.whilePasswordToChange ? { whilePasswordToChange: true } : {}),
  };
  app.route({
    method: e.method,
    url: e.path.slice(app.prefix.length),
    logLevel: extras.logLevel,
    config,
    // Fastify types the option by the route's whole schema; it is called with each answer's.
    serializerCompiler: responseSerializerCompiler as never,
    // Only the keys the endpoint has: Fastify warns about a key given as undefined.
    schema: Object.fromEntries(
      Object.entries({
        tags: tag ? [tag] : undefined,
        summary: e.summary,
        description: e.description,
        hide: e.hidden,
        params: e.params,
        querystring: e.query,
        body: e.body,
        response: e.response,
        produces: e.produces ? [...e.produces] : undefined,
        consumes: e.multipart ? ['multipart/form-data'] : undefined,
      }).filter(([, value]) => value !== undefined),
    ),
    // The handler's types come from the endpoint (above); Fastify's own inference cannot follow a generic.
    handler: handler as never,
  });
}

/**
 * Every route under `/api` (and `/logout`) must come from the contract's table through `route`:
 * a path written by hand, or one the table does not know, stops the app at start.
 */
export function refuseUndeclaredRoutes(app: AppInstance) {
  app.addHook('onRoute', (r) => {
    const declared = r.config?.endpoint;
    const under = r.url.startsWith('/api/') || r.url === '/logout';
    if (!under || r.url.startsWith('/api/docs')) return;
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue;
      if (!declared || findEndpoint(method, r.url) !== declared) {
        throw new Error(`La route ${method} ${r.url} n'est pas déclarée dans la table des points d'accès du contrat.`);
      }
    }
  });
}
