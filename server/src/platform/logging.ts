import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

/**
 * One line per request, when its answer has gone: the method, the address (query filtered,
 * tokens masked: app.ts loggerOptions), the status and the time taken. Fastify's default writes two
 * (« incoming request », then « request completed »). Errors, 404s and the rest keep Fastify's own
 * lines.
 */
export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
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

type AccessFields = {
  reqId: string;
  method: string | undefined;
  /** Already filtered. */
  url: string;
  ip: string | undefined;
  responseTime: number;
};
/** Pino keeps what a line starts with (level, time, bindings) and where it goes under these symbols. */
type PinoInternals = Record<symbol, unknown>;

/**
 * The « request completed » line of an answer replayed at the door (platform/replay.ts), in pino's
 * own words: its level, time and bindings, then AccessLog's fields in the same order, `url` already
 * filtered (platform/logging.unit.test.ts compares it to pino's line). Written as text to the
 * logger's destination, beside a door whose whole work is ~100 µs; the framework's requests keep
 * pino's walk, which costs the same once the address is filtered (docs/benchmarks.md, seizième
 * passe). A logger that is not pino (Fastify's silent one) gets the same fields through `info`.
 */
export function writeAccessLine(log: FastifyBaseLogger, { reqId, method, url, ip, responseTime }: AccessFields) {
  const line = { reqId, req: { method, url, ip }, res: { statusCode: 200 }, responseTime };
  const { streamSym, chindingsSym, lsCacheSym, timeSym, endSym } = pino.symbols;
  const logger = log as unknown as PinoInternals;
  const stream = logger[streamSym] as { write: (line: string) => void } | undefined;
  if (!stream) {
    log.info(line, 'request completed');
    return;
  }
  if (!(log as pino.Logger).isLevelEnabled('info')) return;
  const level = (logger[lsCacheSym] as Record<number, string>)[30];
  const time = (logger[timeSym] as () => string)();
  const own = JSON.stringify(line).slice(1, -1);
  stream.write(`${level}${time}${logger[chindingsSym]},${own},"msg":"request completed"${logger[endSym]}`);
}
