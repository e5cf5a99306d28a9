import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

/**
 * One line per request, when its answer has gone: the method, the address (query filtered,
 * tokens masked: `url` here, the same filter as app.ts's loggerOptions), the status and the time
 * taken. Fastify's default writes two (« incoming request », then « request completed »). Errors,
 * 404s and the rest keep Fastify's own lines.
 */
export class AccessLog extends LogController {
  constructor(private readonly url: (raw: string) => string) {
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
      url: this.url(request.url),
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

type AccessFields = {
  /** Only where the logger does not carry it: an answer replayed at the door (platform/replay.ts). */
  reqId?: string;
  method: string | undefined;
  /** Already filtered. */
  url: string;
  ip: string | undefined;
  statusCode: number;
  responseTime: number;
};
/** Pino keeps what a line starts with (level, time, bindings) and where it goes under these symbols. */
type PinoInternals = Record<symbol, unknown>;

/**
 * The « request completed » line, in pino's own words: its level, time and the logger's bindings
 * (the request id, the agent's id once signed in), then the fields in the order pino wrote them.
 * Written as text to the logger's destination: pino's walk of a logged object through its
 * serializers cost a line 7–10 µs against 1.5 (in a server, ~20 µs: as much as the rest of a
 * replayed answer's work; docs/benchmarks.md, douzième et seizième passes). A logger that is not
 * pino (Fastify's silent one) gets the same fields through `info`.
 */
export function writeAccessLine(
  log: FastifyBaseLogger,
  { reqId, method, url, ip, statusCode, responseTime }: AccessFields,
) {
  const line = {
    ...(reqId === undefined ? {} : { reqId }),
    req: { method, url, ip },
    res: { statusCode },
    responseTime,
  };
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
