import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

/**
 * One line per request, when its answer has gone: the method, the address (query filtered,
 * tokens masked: `loggedUrl`, app.ts), the status and the time taken. Fastify's default writes two
 * (« incoming request », then « request completed »). Errors, 404s and the rest keep Fastify's own
 * lines.
 */
export class AccessLog extends LogController {
  constructor(private readonly loggedUrl: (url: string) => string) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ req: request, res: reply, responseTime: reply.elapsedTime, err: error }, 'request errored');
      return;
    }
    writeAccessLine(reply.log, {
      method: request.method,
      url: this.loggedUrl(request.url),
      ip: request.ip,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    });
  }
}

/** Written out once this much is waiting, or at the latest FLUSH_MS after a line. */
const BLOCK_BYTES = 4096;
const FLUSH_MS = 1000;

let stdout: ReturnType<typeof pino.destination> | undefined;

/**
 * Standard output in blocks rather than one system call per line: on the directory, logging
 * line by line was 9 % of the server's time (docs/benchmarks.md). A line waits at most FLUSH_MS;
 * pino writes what is left when the process exits. One per process, whatever the number of apps.
 */
export function stdoutDestination() {
  stdout ??= pino.destination({ dest: 1, minLength: BLOCK_BYTES, periodicFlush: FLUSH_MS, sync: false });
  return stdout;
}

export type AccessFields = {
  /** Given when the logger does not already carry it (the door's lines, written on the app's logger). */
  reqId?: string;
  method: string | undefined;
  /** Already filtered (app.ts `loggedUrl`). */
  url: string;
  ip: string | undefined;
  statusCode: number;
  responseTime: number;
};
/** Pino keeps what a line starts with (level, time, bindings) and where it goes under these symbols. */
type PinoInternals = Record<symbol, unknown>;
const { streamSym, chindingsSym, lsCacheSym, timeSym, endSym } = pino.symbols;
const INFO = 30;

/** `"key":value,` with the value escaped as JSON; nothing for a missing value, as pino leaves it out. */
const field = (key: string, value: string | undefined) =>
  value === undefined ? '' : `"${key}":${JSON.stringify(value)},`;

/**
 * The « request completed » line, in pino's own words: its level, time and bindings (the request's
 * id, the agent's), then AccessLog's fields in the order pino writes them, each written in place
 * rather than an object walked by pino's serialisers (platform/logging.unit.test.ts compares the
 * two, an address to escape included): on a loaded server, ~12 µs less per replayed answer and
 * ~9 µs less per agent's request (docs/benchmarks.md, dix-septième passe). A logger that is not
 * pino (Fastify's silent one) gets the same fields through `info`.
 */
export function writeAccessLine(
  log: FastifyBaseLogger,
  { reqId, method, url, ip, statusCode, responseTime }: AccessFields,
) {
  const logger = log as unknown as PinoInternals;
  const stream = logger[streamSym] as { write: (line: string) => void } | undefined;
  if (!stream) {
    const own = { req: { method, url, ip }, res: { statusCode }, responseTime };
    log.info(reqId === undefined ? own : { reqId, ...own }, 'request completed');
    return;
  }
  if (!(log as pino.Logger).isLevelEnabled('info')) return;
  const levelAndTime = `${(logger[lsCacheSym] as Record<number, string>)[INFO]}${(logger[timeSym] as () => string)()}`;
  const req = `${field('method', method)}${field('url', url)}${field('ip', ip)}`.slice(0, -1);
  stream.write(
    `${levelAndTime}${logger[chindingsSym]},${field('reqId', reqId)}"req":{${req}},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"${logger[endSym]}`,
  );
}
