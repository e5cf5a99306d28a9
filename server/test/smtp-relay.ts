import type { AddressInfo } from 'node:net';
import { createConnection, createServer, type Socket } from 'node:net';

export type SmtpRelay = {
  port: number;
  url: string;
  /** From now on, connections go through to this port (a test SMTP peer). */
  up: (peerPort: number) => void;
  /** From now on, each connection is accepted and closed before the greeting: the mail server is « down ». */
  down: () => void;
  close: () => Promise<void>;
};

/**
 * The portal's mail server address for an outage test: it stays bound for the whole test, so no
 * other process can take its port, and it lets mail through to a peer or cuts every connection.
 */
export async function startSmtpRelay(): Promise<SmtpRelay> {
  let target: number | undefined;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    if (target === undefined) {
      // A clean close before the greeting: the client reads « Connection closed unexpectedly ».
      client.end();
      return;
    }
    const peer = createConnection({ host: '127.0.0.1', port: target });
    open.add(peer);
    peer.on('close', () => open.delete(peer));
    client.pipe(peer).pipe(client);
    client.on('error', () => peer.destroy());
    peer.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    up: (peerPort) => {
      target = peerPort;
    },
    down: () => {
      target = undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
