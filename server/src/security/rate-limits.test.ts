import { randomBytes } from 'node:crypto';
import { PARTENAIRE_MESSAGES } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dbKind, testDatabase } from '../../test/harness.ts';
import { createDatabase } from '../../test/postgres-server.ts';
import { buildApp, loggerOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openPostgres } from '../db/client.ts';
import { logos, rateLimitCounters } from '../db/schema.ts';
import { agentsRepository } from '../features/auth/agents.repository.ts';
import { reencodeLogo } from '../features/logos/logo-image.ts';
import { multipart, noisyPngLogo } from '../features/partenaires/partenaires.fixtures.ts';
import type { AppInstance } from '../platform/app-instance.ts';
import { rateCounters } from '../platform/rate-limit.ts';

const PASSWORD = 'mot-de-passe-des-limites';
const student = (i: number) => ({
  email: `limite${i}@example.fr`,
  cp: '10000',
  ville: 'Troyes',
  ecole: 'UTT',
  adresse: '',
});

/**
 * Two connections to one database, as two server processes have: on PostgreSQL two pools;
 * the embedded database is one process's, so both apps share its one connection.
 */
async function oneDatabaseTwice(): Promise<{ first: Database; second: Database; close: () => Promise<void> }> {
  if (dbKind === 'pglite') {
    const db = await testDatabase();
    return { first: db, second: db, close: () => db.close() };
  }
  const created = await createDatabase(
    inject('postgresUrl'),
    `t_${randomBytes(6).toString('hex')}`,
    'guichet_template',
  );
  const first = await openPostgres(created.url);
  const second = await openPostgres(created.url);
  return {
    first,
    second,
    close: async () => {
      await first.close();
      await second.close();
      await created.drop();
    },
  };
}

const appOn = async (database: Database, env: Record<string, string>, logger: boolean | object = false) => {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', ...env });
  const app = await buildApp({ config, database, logger });
  await app.ready();
  return app;
};

describe(`limites partagées par plusieurs processus (${dbKind})`, () => {
  let databases: Awaited<ReturnType<typeof oneDatabaseTwice>>;
  let one: AppInstance;
  let two: AppInstance;
  // A logo of tens of KB (noise does not compress), and a quota that holds two of them.
  let logo: Buffer;
  beforeAll(async () => {
    logo = await noisyPngLogo();
    const kb = Math.ceil(((await reencodeLogo(logo))?.data.length ?? 0) / 1024);
    expect(kb).toBeGreaterThan(10);
    const env = { PUBLIC_FORM_RATE_LIMIT: '3', LOGO_QUOTA_KB_PER_ADDRESS: String(2 * kb + Math.floor(kb / 2)) };
    databases = await oneDatabaseTwice();
    one = await appOn(databases.first, env);
    two = await appOn(databases.second, env);
    await agentsRepository.create(databases.first.db, {
      username: 'partage',
      password: PASSWORD,
      prenom: 'Camille',
      nom: 'Limite',
      roles: ['ROLE_USER'],
    });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await databases?.close();
  });

  it('un formulaire public accepte PUBLIC_FORM_RATE_LIMIT envois par minute en tout, quel que soit le processus', async () => {
    const post = (app: AppInstance, i: number) =>
      app.inject({ method: 'POST', url: '/api/etudiant/add', remoteAddress: '203.0.113.40', payload: student(i) });
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => post(i % 2 ? one : two, i)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    // Another address still gets its own three.
    const other = (i: number) =>
      (i % 2 ? two : one).inject({
        method: 'POST',
        url: '/api/etudiant/add',
        remoteAddress: '203.0.113.42',
        payload: student(i),
      });
    expect((await Promise.all([7, 8, 9].map(other))).map((r) => r.statusCode)).toEqual([200, 200, 200]);
  });

  it('le quota de logos d’une adresse vaut pour tous les processus ; un envoi refusé ne le consomme pas', async () => {
    const upload = (app: AppInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/logo/upload',
        remoteAddress: '203.0.113.43',
        ...multipart('logo', 'logo.png', 'image/png', logo),
      });
    expect((await upload(one)).statusCode).toBe(200);
    expect((await upload(two)).statusCode).toBe(200);
    const third = await upload(one);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ message: PARTENAIRE_MESSAGES.logoQuotaAdresse });
    expect(await databases.first.db.$count(logos)).toBe(2);
    // The refusal gave its kilobytes back: the address's count is exactly the two stored logos.
    const [counter] = await databases.first.db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.bucket, 'logo:203.0.113.43'));
    expect(counter.hits).toBe(2 * Math.ceil(((await reencodeLogo(logo))?.data.length ?? 0) / 1024));
  });

  it('cinq essais de mot de passe par compte et adresse en tout, quel que soit le processus', async () => {
    const login = (app: AppInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '203.0.113.41',
        payload: { username: 'partage', password: 'faux' },
      });
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => login(i % 2 ? one : two)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([...Array(5).fill(400), ...Array(7).fill(429)]);
  });
});

describe(`derrière un relais inverse : TRUST_PROXY (${dbKind})`, () => {
  let database: Database;
  let app: AppInstance;
  const lines: string[] = [];
  const PROXY = '10.0.0.2';
  beforeAll(async () => {
    database = await testDatabase();
    const env = { PUBLIC_FORM_RATE_LIMIT: '2', TRUST_PROXY: `127.0.0.1, ${PROXY}, fd00::/8` };
    app = await appOn(database, env, loggerOptions('info', { write: (l) => lines.push(l) }));
    await agentsRepository.create(database.db, {
      username: 'derriere.relais',
      password: PASSWORD,
      prenom: 'Camille',
      nom: 'Relais',
      roles: ['ROLE_USER'],
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  let n = 0;
  const submit = (remoteAddress: string, forwardedFor?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/etudiant/add',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: student(++n),
    });
  const codes = async (calls: (() => Promise<{ statusCode: number }>)[]) => {
    const out: number[] = [];
    for (const call of calls) out.push((await call()).statusCode);
    return out;
  };

  it('par un relais de confiance, chaque client transmis a sa propre limite', async () => {
    expect(await codes([1, 2, 3].map(() => () => submit(PROXY, '198.51.100.1')))).toEqual([200, 200, 429]);
    expect(await codes([1, 2].map(() => () => submit(PROXY, '198.51.100.2')))).toEqual([200, 200]);
    // A chain: the client is the last address a trusted hop added.
    expect(await codes([1, 2, 3].map(() => () => submit(PROXY, '6.6.6.6, 198.51.100.3, 127.0.0.1')))).toEqual([
      200, 200, 429,
    ]);
    expect((await submit(PROXY, '7.7.7.7, 198.51.100.3')).statusCode).toBe(429);
  });

  it('un pair qui n’est pas un relais de confiance : son en-tête X-Forwarded-For est ignoré', async () => {
    const calls = ['192.0.2.1', '192.0.2.2', '192.0.2.3'].map((forged) => () => submit('198.51.100.50', forged));
    expect(await codes(calls)).toEqual([200, 200, 429]);
  });

  it('deux adresses IPv6 d’un même /64 partagent la limite, un autre /64 non', async () => {
    expect(
      await codes([
        () => submit('fd00::1', '2001:db8:5:6::1'),
        () => submit('fd00::2', '2001:db8:5:6:abcd::2'),
        () => submit('fd00::1', '2001:db8:5:6::ffff'),
        () => submit('fd00::1', '2001:db8:5:7::1'),
      ]),
    ).toEqual([200, 200, 429, 200]);
    // Unmapped and IPv4-mapped forms of one IPv4 client are one client.
    expect(await codes([() => submit(PROXY, '192.0.2.77'), () => submit(PROXY, '::ffff:192.0.2.77')])).toEqual([
      200, 200,
    ]);
    expect((await submit(PROXY, '192.0.2.77')).statusCode).toBe(429);
  });

  it('la connexion aussi : l’agent passe par le relais pendant qu’un attaquant y martèle son identifiant', async () => {
    const login = (client: string, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': client },
        payload: { username: 'derriere.relais', password },
      });
    const attack = await Promise.all(Array.from({ length: 10 }, () => login('198.51.100.66', 'faux')));
    expect(attack.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect((await login('198.51.100.67', PASSWORD)).statusCode).toBe(200);
  });

  it('les journaux donnent l’adresse du client transmise par le relais, celle du pair sinon', async () => {
    lines.length = 0;
    await app.inject({
      url: '/api/params/get/all',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '198.51.100.88' },
    });
    await app.inject({
      url: '/api/params/get/all',
      remoteAddress: '198.51.100.51',
      headers: { 'x-forwarded-for': '1.2.3.4' },
    });
    const ips = lines.map((l) => JSON.parse(l)).flatMap((e) => (e.req?.ip ? [e.req.ip] : []));
    expect(ips).toEqual(['198.51.100.88', '198.51.100.51']);
  });
});

describe(`fenêtre glissante des compteurs (${dbKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database?.close());

  it('les coups de la fenêtre précédente comptent au prorata du temps qui en reste dans la fenêtre glissante', async () => {
    const WINDOW = 15 * 60_000;
    let now = Date.UTC(2026, 10, 24, 9, 0, 0);
    const counters = rateCounters(database.db, () => now);
    const hit = async () => (await counters.hit(['essai'], WINDOW)).estimate('essai');
    for (let i = 1; i <= 5; i++) expect(await hit()).toBe(i);
    now += WINDOW; // the next window starts: the five are still wholly inside the last 15 minutes
    expect(await hit()).toBe(6);
    now += WINDOW / 2; // half of them remain inside, plus this window's two hits
    expect(await hit()).toBe(2 + 5 / 2);
    now += WINDOW; // the first window is out of reach; two hits of the last one weigh half
    expect(await hit()).toBe(1 + 1);
    // That hit also purged the first window's row, expired two windows after its start.
    await counters.settle();
    const rows = await database.db
      .select({ windowStart: rateLimitCounters.windowStart })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.bucket, 'essai'));
    expect(rows.map((r) => r.windowStart.toISOString()).sort()).toEqual([
      '2026-11-24T09:15:00.000Z',
      '2026-11-24T09:30:00.000Z',
    ]);
  });
});
