import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { envelope: { from: string; to: string[] }; raw: Buffer; parsed: ParsedMail };
export type SmtpPeer = {
  port: number;
  url: string;
  received: ReceivedMail[];
  close: () => Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 for tests (no TLS, any login accepted). `port` 0 picks a free
 * one; pass a former peer's port to bring "the same server" back. `delayMs` slows each DATA reply.
 */
export async function startSmtpPeer(opts: { port?: number; delayMs?: number } = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then(async (parsed) => {
            if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
            const env = session.envelope;
            received.push({
              envelope: {
                from: env.mailFrom ? env.mailFrom.address : '',
                to: env.rcptTo.map((r) => r.address),
              },
              raw,
              parsed,
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
