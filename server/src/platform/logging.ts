import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
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
