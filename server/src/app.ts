import http from 'node:http';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import proxyAddr from '@fastify/proxy-addr';
import rateLimit from '@fastify/rate-limit';
import { ALL_ENDPOINTS, LOGO_MAX_BYTES, MESSAGES, pages } from '@guichet/contract';
import { CATEGORIES_ELEMENT_ID, FILTRES_ELEMENT_ID, PARAMS_ELEMENT_ID } from '@guichet/contract/page-data';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { compteAdminRoutes } from './features/auth/compte.routes.ts';
import { sessionStore } from './features/auth/sessions.repository.ts';
import { courrielsAdminRoutes } from './features/courriels/courriels.routes.ts';
import { digestAdminRoutes } from './features/digest/digest.routes.ts';
import { etudiantsAdminRoutes, etudiantsPublicRoutes } from './features/etudiants/etudiants.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { inscriptionsAdminRoutes } from './features/inscriptions/inscriptions.admin.ts';
import { inscriptionsPublicRoutes } from './features/inscriptions/inscriptions.public.ts';
import { logementPublicRoutes } from './features/inscriptions/logement.public.ts';
import { journalAdminRoutes } from './features/journal/journal.routes.ts';
import { logosPublicRoutes } from './features/logos/logos.routes.ts';
import { partenairesAdminRoutes } from './features/partenaires/partenaires.admin.ts';
import { partenairesPublicRoutes } from './features/partenaires/partenaires.public.ts';
import { referenceAdminRoutes, referencePublicRoutes } from './features/reference/reference.routes.ts';
import { referenceCache } from './features/reference/reference-cache.ts';
import { rolesAdminRoutes } from './features/roles/roles.routes.ts';
import { tableauDeBordAdminRoutes } from './features/tableau-de-bord/tableau-de-bord.routes.ts';
import { afterResponseQueue } from './platform/after-response.ts';
import { registerApiDocs } from './platform/api-docs.ts';
import type { AppInstance, RouteRecord } from './platform/app-instance.ts';
import { guardAdminScope, sessionPlugin } from './platform/auth.ts';
import { addressGroup } from './platform/client-address.ts';
import { registerCompression } from './platform/compression.ts';
import { frameworkErrors, HttpError, registerErrorHandling } from './platform/errors.ts';
import { AccessLog, stdoutDestination, writeAccessLine } from './platform/logging.ts';
import { createMailer } from './platform/mail/index.ts';
import { registerHoneypot } from './platform/public-form.ts';
import { parseQueryString } from './platform/query-string.ts';
import { databaseRateLimitStore, rateCounters } from './platform/rate-limit.ts';
import { createReplay } from './platform/replay.ts';
import { refuseUndeclaredRoutes } from './platform/route.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { loggableUrl, securityEvent } from './platform/security-log.ts';
import { serveWebApp } from './platform/web-app.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  logger?: boolean | object;
  /** The running mail dispatcher; `app.mail.wake()` reaches it. */
  mailDispatcher?: { wake: () => void };
  /** Tests only: shorter server timeouts than SERVER_TIMEOUTS. */
  timeouts?: Partial<ServerTimeouts>;
};

/**
 * Server timeouts (docs/decisions.md, « Délais du serveur et de la base »). `requestTimeout` bounds
 * receiving a request, headers and body (a client dripping bytes, a 3 MB logo on a slow line), never
 * the answer: an export of a million rows streams for 30–50 s and is not cut. `connectionTimeout`
 * closes a socket with no traffic either way for that long: longer than the statement timeout
 * (60 s), so a slow first batch answers its own error. `keepAliveTimeout` stays above the 60 s
 * idle timeout of common reverse proxies, so the server never closes a connection a proxy reuses.
 * `connectionsCheckingInterval`: how often Node looks for requests past `requestTimeout`.
 */
export const SERVER_TIMEOUTS = {
  requestTimeout: 60_000,
  connectionTimeout: 120_000,
  keepAliveTimeout: 72_000,
  connectionsCheckingInterval: 30_000,
};
export type ServerTimeouts = typeof SERVER_TIMEOUTS;

/** A feature registers a public part under /api and an admin part under /api/admin. */
export type Feature = { public?: (app: AppInstance) => Promise<void>; admin?: (app: AppInstance) => Promise<void> };
const features: Feature[] = [
  { public: healthRoutes },
  { public: referencePublicRoutes, admin: referenceAdminRoutes },
  { public: inscriptionsPublicRoutes, admin: inscriptionsAdminRoutes },
  { public: logementPublicRoutes },
  { public: partenairesPublicRoutes, admin: partenairesAdminRoutes },
  { public: logosPublicRoutes },
  { admin: rolesAdminRoutes },
  { admin: tableauDeBordAdminRoutes },
  { admin: compteAdminRoutes },
  { admin: digestAdminRoutes },
  { public: etudiantsPublicRoutes, admin: etudiantsAdminRoutes },
  { admin: journalAdminRoutes },
  { admin: courrielsAdminRoutes },
];

export async function buildApp({ config, database, logger, mailDispatcher, timeouts }: AppDeps): Promise<AppInstance> {
  const limits = { ...SERVER_TIMEOUTS, ...timeouts };
  // Fastify's request ids (req-1, req-2…), shared with the answers replayed at the door.
  let requests = 0;
  const requestId = () => `req-${(++requests).toString(36)}`;
  const replay = createReplay({ log: replayedAccessLine(config, requestId, () => app.log) });
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    bodyLimit: 1024 * 1024,
    requestTimeout: limits.requestTimeout,
    connectionTimeout: limits.connectionTimeout,
    keepAliveTimeout: limits.keepAliveTimeout,
    // Node applies the larger of headersTimeout (default 60 s) and requestTimeout to the body.
    http: { connectionsCheckingInterval: limits.connectionsCheckingInterval, headersTimeout: limits.requestTimeout },
    // Only the listed proxies' X-Forwarded-For is believed (request.ip for limits and logs).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    routerOptions: { querystringParser: parseQueryString },
    logController: new AccessLog(loggedUrl),
    genReqId: requestId,
    // Fastify always hands pino options, `{}` for most routes, which sends pino down its slow path
    // (formatters and level worked out again): ~16 µs of every request on a loaded server
    // (docs/benchmarks.md, dix-septième passe).
    childLoggerFactory: (logger, bindings, options) =>
      options.level || options.serializers ? logger.child(bindings, options) : logger.child(bindings),
    frameworkErrors,
    // Node's server as Fastify makes it, with the door first (platform/replay.ts).
    serverFactory: (handler, options) => {
      const server = http.createServer(options.http ?? {}, (request, response) => {
        if (!replay.serve(request, response)) handler(request, response);
      });
      server.keepAliveTimeout = limits.keepAliveTimeout;
      server.requestTimeout = limits.requestTimeout;
      server.setTimeout(limits.connectionTimeout);
      return server;
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('replay', replay);
  app.addHook('onResponse', (request, reply, done) => {
    replay.capture(request, reply);
    done();
  });
  // Every route, as registered: the OpenAPI and access-matrix tests check none is forgotten.
  const routeList: RouteRecord[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routeList.push({ method, url: r.url, access: r.config?.access });
  });
  refuseUndeclaredRoutes(app);
  app.decorate('mail', createMailer({ publicUrl: config.publicUrl, wake: () => mailDispatcher?.wake() }));
  const afterResponse = afterResponseQueue(app.log);
  app.decorate('afterResponse', afterResponse);
  // Work answered before being done finishes before the database closes.
  app.addHook('onClose', () => afterResponse.settle());
  registerErrorHandling(app);
  // API answers, the session calls and /logout are never stored by a browser or a proxy, unless a
  // route says otherwise (logos, the public directory's ETag).
  // Hooks on every request take a callback, not a promise: one less microtask per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.url;
    if ((url.startsWith('/api/') || url.startsWith('/logout')) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });

  // Before any route: the plugin attaches to each route as it is declared.
  await registerCompression(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  const counters = rateCounters(database.db);
  app.decorate('rateCounters', counters);
  app.addHook('onClose', () => counters.settle());
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(counters),
    keyGenerator: (request) => addressGroup(request.ip),
  });
  registerHoneypot(app);
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  await app.register(sessionPlugin, {
    store: sessionStore(database.db),
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
    secureCookie: config.publicUrl.startsWith('https:'),
    cacheSeconds: config.sessionCacheSeconds,
  });
  refuseCrossSiteWrites(app, config);

  // Before the routes: it notes each one for the API's map, built at its first view.
  registerApiDocs(app, { title: 'Guichet numérique étudiant — API', version: '1.0.0', url: config.publicUrl });

  await app.register(authRoutes);
  await app.register(
    async (api) => {
      for (const f of features) if (f.public) await api.register(f.public);
      await api.register(
        async (admin) => {
          guardAdminScope(admin);
          for (const f of features) if (f.admin) await admin.register(f.admin);
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api' },
  );

  // The public params and reference lists go into every page: the first screen needs no call (issue 19).
  if (config.webDist)
    serveWebApp(app, config.webDist, {
      [PARAMS_ELEMENT_ID]: () => referenceCache.get(app.db, 'params'),
      [CATEGORIES_ELEMENT_ID]: () => referenceCache.get(app.db, 'categories'),
      [FILTRES_ELEMENT_ID]: () => referenceCache.get(app.db, 'filtres'),
    });
  else app.setNotFoundHandler((_request, reply) => reply.code(404).send(notFoundBody));
  return app;
}

/**
 * A personal token is a password: it never reaches a log line, nor does a cookie. Masked wherever
 * a page or an endpoint of the contract takes a `:token`.
 */
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const tokenPatterns = [...Object.values(pages), ...Object.values(pages.admin), ...ALL_ENDPOINTS.map((e) => e.path)]
  .flatMap((p) => (typeof p === 'string' && p.includes('/:token') ? [p.slice(0, p.indexOf(':token'))] : []))
  .map(escapeRegExp);
const TOKEN_IN_URL = new RegExp(`^(${tokenPatterns.join('|')})[^/?#]+`);
export const redactUrl = (url: string) => url.replace(TOKEN_IN_URL, '$1[jeton]');
/**
 * The address as every line writes it: the path, and of its query only the keys that say how a
 * list is shown (never search terms nor the wizard's field checks), a personal token masked.
 */
const loggedUrl = (url: string) => redactUrl(loggableUrl(url));

export function loggerOptions(level: string, stream?: { write: (line: string) => void }) {
  return {
    level,
    stream: stream ?? stdoutDestination(),
    // No header reaches a line (neither serializer keeps one), so nothing to redact: pino's
    // redaction cost every line a copy of its object.
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: loggedUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}

/** The line of an answer replayed at the door: AccessLog's, each address filtered once (they are few). */
function replayedAccessLine(config: Config, requestId: () => string, log: () => FastifyBaseLogger) {
  const clientAddress = clientAddressOf(config.trustProxy);
  const loggedUrls = new Map<string, string>();
  return (request: http.IncomingMessage, responseTime: number) => {
    const url = request.url ?? '';
    let logged = loggedUrls.get(url);
    if (logged === undefined) {
      if (loggedUrls.size >= 256) loggedUrls.clear();
      logged = loggedUrl(url);
      loggedUrls.set(url, logged);
    }
    writeAccessLine(log(), {
      reqId: requestId(),
      method: request.method,
      url: logged,
      ip: clientAddress(request),
      statusCode: 200,
      responseTime,
    });
  };
}

/** The client's address as Fastify's `request.ip` gives it: behind the trusted proxies, the one they name. */
function clientAddressOf(trustProxy: string[]): (request: http.IncomingMessage) => string | undefined {
  if (trustProxy.length === 0) return (request) => request.socket.remoteAddress;
  const trusted = proxyAddr.compile(trustProxy);
  return (request) => proxyAddr.all(request, trusted).at(-1);
}

/** Writes from another site are refused: cookies are SameSite=Lax, this is the second lock. */
function refuseCrossSiteWrites(app: AppInstance, config: Config) {
  const allowed = new Set([new URL(config.publicUrl).origin]);
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return done();
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    const own = `${request.protocol}://${request.headers.host}`;
    if (site === 'cross-site' || (origin && origin !== own && !allowed.has(origin))) {
      securityEvent(request.log, 'acces_refuse', {
        status: 403,
        route: `${request.method} ${request.routeOptions.url}`,
        motif: 'origine',
      });
      return done(new HttpError(403, MESSAGES.origineRefusee));
    }
    done();
  });
}

const notFoundBody = { status: 'error', message: MESSAGES.introuvable, errors: [] };
