import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppInstance } from './app-instance.ts';

/**
 * Helmet's headers on every answer (docs/security.md, 14.4), worked out once at start: with no
 * per-request directive (no nonce) they depend on nothing in the request. @fastify/helmet built
 * helmet's middleware again for each request, its CSP parsed every time: ~7 % of the server's busy
 * time on the cached public directory (docs/benchmarks.md, issue 19). Set on the raw response as
 * helmet does, so an answer written without `reply.send` (a streamed export) carries them too.
 */
export function registerSecurityHeaders(app: AppInstance, options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: [string, string][] = [];
  const capture = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    // Helmet removes X-Powered-By, which Fastify never sets.
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, capture as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  return Object.fromEntries(headers);
}
