import { type AddressInfo, createConnection, createServer, type Socket } from 'node:net';

export type HeldPort = {
  port: number;
  url: string;
  /** Gives the port back to the system. */
  close: () => Promise<void>;
};

/**
 * A port on 127.0.0.1 where nobody listens, held by this test for as long as it needs it: a
 * connection to it is refused (ECONNREFUSED), like a mail server that is stopped. Unlike a port
 * noted and then freed, the system never hands it out to another process (`listen(0)` skips a
 * port in use), so the « server down » case cannot turn into someone else's server. The test can
 * still start its own SMTP peer on it (`startSmtpPeer({ port })`) to bring « the same server » back,
 * and stop it again: the port stays held all along.
 *
 * The port is the local end of a connection to a private listener: a socket bound but not
 * listening, which the kernel answers with a refusal.
 */
export async function holdRefusedPort(): Promise<HeldPort> {
  const accepted = new Set<Socket>();
  // Unreferenced: a port held until the test process ends does not keep it alive.
  const anchor = createServer((s) => {
    accepted.add(s);
    s.on('error', () => {});
    s.unref();
  });
  await new Promise<void>((resolve) => anchor.listen(0, '127.0.0.1', resolve));
  // `localAddress` makes the client bind first (with SO_REUSEADDR), so a peer may listen on the same port later.
  const hold = createConnection({
    host: '127.0.0.1',
    port: (anchor.address() as AddressInfo).port,
    localAddress: '127.0.0.1',
  });
  hold.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    hold.once('connect', resolve);
    hold.once('error', reject);
  });
  anchor.unref();
  hold.unref();
  const port = hold.localPort;
  if (!port) throw new Error('port local inconnu');
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        hold.destroy();
        for (const s of accepted) s.destroy();
        anchor.close(() => resolve());
      }),
  };
}

/**
 * A port for a server another process will start (the portal, PostgreSQL): held by this test
 * process until it ends, so the system hands it to no one else, neither before that server listens
 * nor after it stops. The server binds it over the hold: both ask SO_REUSEADDR (Node and PostgreSQL
 * do) and the hold never listens.
 */
export async function reservePort(): Promise<number> {
  return (await holdRefusedPort()).port;
}
