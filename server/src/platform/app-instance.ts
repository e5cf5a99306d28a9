import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AfterResponse } from './after-response.ts';
import type { Mailer } from './mail/index.ts';
import type { RateCounters } from './rate-limit.ts';
import type { Replay } from './replay.ts';

/** The app every feature registers on: Fastify with zod schemas and the decorations below. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type RouteRecord = { method: string; url: string; access: string | undefined };

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    routeList: RouteRecord[];
    /** Rate-limit counters in the database, seen by every server process. */
    rateCounters: RateCounters;
    mail: Mailer;
    /** Work a route answers before doing (platform/after-response.ts). */
    afterResponse: AfterResponse;
    /** Public answers replayed before the framework (platform/replay.ts). */
    replay: Replay;
  }
}
