import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding } from './compression.ts';

/**
 * Public answers that are the same for every visitor (the partner directory), replayed at the door:
 * the HTTP server's request listener writes them before Fastify sees the request, as a cache in
 * front of the portal would (docs/decisions.md, « Réponses rejouées à la porte »). The framework's
 * route, hooks and serializer cost ~100 µs a request on this machine, more than Node's own HTTP
 * handling of the same bytes (docs/benchmarks.md, douzième passe).
 *
 * What is replayed is an answer the framework gave: its headers as sent (security headers, ETag,
 * cache rules) and its bytes, captured when it left. So a header added later by a hook is
 * replayed too. A check added to every request (an `onRequest` hook that refuses some) is not:
 * it must be added here as well. Only a GET without a condition is replayed; HEAD, If-None-Match
 * and everything else go to the framework.
 */
export type Replay = ReturnType<typeof createReplay>;

type Answer = { headers: string[]; body: Buffer; isCurrent: () => boolean };

/** Headers Node writes for each answer itself (date, the connection's state). */
export const NOT_REPLAYED: ReadonlySet<string> = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

const REPLAY_MAX = 64;

export function createReplay(options: {
  /** The access line of a replayed answer (app.ts: the same fields as the framework's). */
  log: (request: IncomingMessage, responseTime: number) => void;
  max?: number;
}) {
  const max = options.max ?? REPLAY_MAX;
  /** By negotiated encoding and address; the oldest captured is the first to go. */
  const answers = new Map<string, Answer>();
  /** What each route allowed, until its answer leaves. */
  const kept = new WeakMap<FastifyRequest, { body: Buffer; isCurrent: () => boolean }>();
  /** Accept-Encoding headers come in a handful of spellings: each is read once. */
  const encodings = new Map<string, string>();

  function encodingOf(header: string | undefined): string {
    if (!header) return '';
    let encoding = encodings.get(header);
    if (encoding === undefined) {
      encoding = acceptedEncoding(header) ?? '';
      if (encodings.size >= max) encodings.clear();
      encodings.set(header, encoding);
    }
    return encoding;
  }
  const keyOf = (url: string | undefined, acceptEncoding: string | undefined) => `${encodingOf(acceptEncoding)} ${url}`;

  return {
    /**
     * In the server's request listener: true when the answer was written here. While the server
     * closes, Fastify answers new requests on kept-alive sockets with 503; this keeps replaying
     * the public list until those sockets close (harmless for it; a route that must stop answering
     * first would need a closing check here).
     */
    serve(request: IncomingMessage, response: ServerResponse): boolean {
      if (answers.size === 0 || request.method !== 'GET' || request.headers['if-none-match'] !== undefined) {
        return false;
      }
      const start = performance.now();
      const key = keyOf(request.url, request.headers['accept-encoding']);
      const answer = answers.get(key);
      if (!answer) return false;
      if (!answer.isCurrent()) {
        answers.delete(key);
        return false;
      }
      response.writeHead(200, answer.headers);
      response.end(answer.body);
      options.log(request, performance.now() - start);
      return true;
    },

    /**
     * Called by a route about to send `body`: the same answer may be replayed to every visitor
     * asking the same address with the same accepted encodings, as long as `isCurrent()` holds.
     */
    keep(request: FastifyRequest, body: Buffer, isCurrent: () => boolean) {
      kept.set(request, { body, isCurrent });
    },

    /** The `onResponse` hook: an answer a route kept is stored as it was sent. */
    capture(request: FastifyRequest, reply: FastifyReply) {
      const allowed = kept.get(request);
      if (!allowed || request.method !== 'GET' || reply.statusCode !== 200) return;
      const headers: string[] = [];
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        // A cookie is never for every visitor: such an answer is not replayed.
        if (name === 'set-cookie') return;
        if (value === undefined || NOT_REPLAYED.has(name)) continue;
        for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
      }
      const key = keyOf(request.raw.url, request.headers['accept-encoding']);
      answers.delete(key);
      answers.set(key, { headers, body: allowed.body, isCurrent: allowed.isCurrent });
      while (answers.size > max) answers.delete(answers.keys().next().value as string);
    },

    /** Answers held (tests). */
    get size() {
      return answers.size;
    },
  };
}
