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
  url: string;
  ip: string | undefined;
  responseTime: number;
};
/** Pino keeps what a line starts with (level, time, bindings) and where it goes under these symbols. */
type PinoInternals = Record<symbol, unknown>;

/**
 * The « request completed » line of an answer replayed at the door (platform/replay.ts), in pino's
 * own words: its level, time and bindings, then AccessLog's fields in the same order, `url` already
 * filtered once per address (app.ts) and the line written as text to the logger's destination
 * (platform/logging.unit.test.ts compares it to pino's): with pino's walk and its serializer, a
 * replayed answer paid ~20 µs, as much as the rest of its work, most of it the address filter
 * (docs/benchmarks.md, douzième et seizième passes). A logger that is not pino (Fastify's silent
 * one) gets the same fields through `info`.
 */
export function accessLineWriter(log: FastifyBaseLogger): (fields: AccessFields) => void {
  const { streamSym, chindingsSym, lsCacheSym, timeSym, endSym } = pino.symbols;
  const logger = log as unknown as PinoInternals;
  const stream = logger[streamSym] as { write: (line: string) => void } | undefined;
  const line = ({ reqId, method, url, ip, responseTime }: AccessFields) => ({
    reqId,
    req: { method, url, ip },
    res: { statusCode: 200 },
    responseTime,
  });
  if (!stream) return (fields) => log.info(line(fields), 'request completed');
  const levelAndTime = () =>
    `${(logger[lsCacheSym] as Record<number, string>)[30]}${(logger[timeSym] as () => string)()}`;
  // Each field written in place, each string escaped by JSON.stringify, rather than an object made
  // then stringified: ~12 µs less per replayed answer on a loaded server (docs/benchmarks.md, 17e passe).
  const json = (key: string, value: string | undefined) =>
    value === undefined ? '' : `"${key}":${JSON.stringify(value)},`;
  return ({ reqId, method, url, ip, responseTime }) => {
    if (!(log as pino.Logger).isLevelEnabled('info')) return;
    const req = `${json('method', method)}${json('url', url)}${json('ip', ip)}`.slice(0, -1);
    stream.write(
      `${levelAndTime()}${logger[chindingsSym]},${json('reqId', reqId)}"req":{${req}},"res":{"statusCode":200},"responseTime":${responseTime},"msg":"request completed"${logger[endSym]}`,
    );
  };
}
