import http from 'node:http';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dbKind, describeOn, testDatabase } from '../../test/harness.ts';
import { buildApp, SERVER_TIMEOUTS } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openPostgres } from '../db/client.ts';
import { agentsRepository } from '../features/auth/agents.repository.ts';
import type { AppInstance } from '../platform/app-instance.ts';
import { createDelivery } from '../platform/mail/transport.ts';

const config = () => loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', PUBLIC_FORM_RATE_LIMIT: '0' });

describe(`délais du serveur (${dbKind})`, () => {
  let database: Database;
  let app: AppInstance;
  let base: string;
  let cookie: string;
  const ROWS = 20_000;
  beforeAll(async () => {
    database = await testDatabase();
    // Short limits, so the test shows what each one does and does not cut.
    app = await buildApp({
      config: config(),
      database,
      logger: false,
      timeouts: { requestTimeout: 300, connectionTimeout: 800, connectionsCheckingInterval: 50 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as net.AddressInfo;
    base = `http://127.0.0.1:${address.port}`;
    await database.db.execute(sql`
      insert into etudiants (email, cp, ville, ecole, statut_id, date)
      select 'etudiant' || i || '@example.fr', '10000', 'TROYES', 'UTT', 1, now() - i * interval '1 minute'
      from generate_series(1, ${ROWS}) i`);
    const password = 'mot-de-passe-des-delais';
    await agentsRepository.create(database.db, {
      username: 'delais',
      password,
      prenom: 'C',
      nom: 'D',
      roles: ['ROLE_USER'],
    });
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'delais', password } });
    cookie = `sid=${res.cookies.find((c) => c.name === 'sid')?.value}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('applique en production les délais documentés', async () => {
    const prod = await buildApp({ config: config(), database, logger: false });
    expect(prod.server.requestTimeout).toBe(SERVER_TIMEOUTS.requestTimeout);
    expect(prod.server.timeout).toBe(SERVER_TIMEOUTS.connectionTimeout);
    expect(prod.server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveTimeout);
    expect(prod.server.headersTimeout).toBe(SERVER_TIMEOUTS.requestTimeout);
    expect(SERVER_TIMEOUTS.connectionTimeout).toBeGreaterThan(60_000); // above the statement timeout
    await prod.close();
  });

  it('coupe un client qui envoie sa requête goutte à goutte (408 après requestTimeout, connexion fermée)', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
      let received = '';
      socket.on('data', (d) => {
        received += d.toString();
      });
      // One byte every 100 ms: the socket is never idle, only requestTimeout can end this.
      const drip = setInterval(() => socket.write(' '), 100);
      socket.on('close', () => {
        clearInterval(drip);
        resolve(received);
      });
      // After its 408 the server closes: a drop still on its way meets a reset (reported as an
      // error by Node 24), which is the expected end here; 'close' follows and resolves.
      socket.on('error', () => {});
      socket.write(
        'POST /api/etudiant/add HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"em',
      );
    });
    // Only requestTimeout answers 408: an idle connection cut by connectionTimeout gets no answer at all,
    // and the drip keeps this one from ever being idle.
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('ne coupe pas un export qui dure plus longtemps que ces délais, tant que les octets circulent', async () => {
    const started = Date.now();
    const { status, lines } = await new Promise<{ status: number; lines: number }>((resolve, reject) => {
      http
        .get(`${base}/api/admin/etudiants/export`, { headers: { cookie } }, (res) => {
          let count = 0;
          res.on('data', (chunk: Buffer) => {
            for (const b of chunk) if (b === 0x0a) count++;
            // A slow reader: the download lasts well beyond requestTimeout and connectionTimeout.
            res.pause();
            setTimeout(() => res.resume(), 25);
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, lines: count }));
          res.on('error', reject);
        })
        .on('error', reject);
    });
    expect(status).toBe(200);
    expect(lines).toBe(ROWS + 1);
    expect(Date.now() - started).toBeGreaterThan(1_000);
  });
});

describeOn('postgres', 'délai des requêtes SQL (PostgreSQL)', () => {
  it('chaque connexion du serveur a statement_timeout = 60 s ; au-delà, PostgreSQL annule la requête', async () => {
    const database = await testDatabase();
    try {
      const res = (await database.db.execute(sql`show statement_timeout`)) as unknown as {
        rows: { statement_timeout: string }[];
      };
      expect(res.rows[0].statement_timeout).toBe('1min');
    } finally {
      await database.close();
    }
    const short = await openPostgres(inject('postgresUrl'), { statementTimeoutMs: 200 });
    try {
      await expect(short.db.execute(sql`select pg_sleep(1)`)).rejects.toMatchObject({
        cause: expect.objectContaining({ code: '57014' }),
      });
    } finally {
      await short.close();
    }
  });
});

describe('SMTP hors de la machine : TLS exigé', () => {
  /** A plain SMTP server without STARTTLS, on a loopback address the transport does not treat as local. */
  async function plainServer(host: string) {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
    const port = (server.server.address() as net.AddressInfo).port;
    return { port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
  }
  const mail = {
    messageId: '<test-tls@guichet.local>',
    to: 'camille@example.fr',
    subject: 'Essai',
    text: 'Bonjour',
    html: '<p>Bonjour</p>',
    createdAt: new Date(),
    attachments: [],
  };

  it('refuse d’envoyer en clair à un serveur qui n’est pas local ; envoie en clair au relais local', async () => {
    const remote = await plainServer('127.0.0.2');
    const local = await plainServer('127.0.0.1');
    try {
      const config = { mailFrom: 'guichet@example.fr', dataDir: '/nonexistent' };
      const toRemote = createDelivery({ ...config, smtpUrl: `smtp://127.0.0.2:${remote.port}` });
      await expect(toRemote.deliver(mail)).rejects.toThrow();
      expect(remote.received).toEqual([]);
      const toLocal = createDelivery({ ...config, smtpUrl: `smtp://127.0.0.1:${local.port}` });
      await toLocal.deliver(mail);
      expect(local.received).toEqual(['camille@example.fr']);
    } finally {
      await remote.close();
      await local.close();
    }
  });
});
