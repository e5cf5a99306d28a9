import { MESSAGES, MOT_DE_PASSE_A_CHANGER, PASSWORD_MESSAGES } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { ensureBootstrapAdmin } from '../../bootstrap.ts';
import { loadConfig } from '../../config.ts';
import { agents, sessions } from '../../db/schema.ts';

const URL_MDP = '/api/admin/compte/mot-de-passe';

function cookieOf(res: { cookies: { name: string; value: string }[] }) {
  const sid = res.cookies.find((c) => c.name === 'sid');
  return sid ? `sid=${sid.value}` : '';
}

describe(`Mon compte : changer son mot de passe (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  const change = (cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url: URL_MDP, headers: { cookie }, payload });
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

  it('refuse, sans rien changer : mot de passe actuel faux, nouveau trop court, confirmation différente, inchangé', async () => {
    const a = await t.agent(['ROLE_USER']);
    const actuel = 'mot-de-passe-de-test';
    const cases: [object, string, string][] = [
      [
        { actuel: 'pas-le-bon-mdp', nouveau: 'un-nouveau-mdp-sur', confirmation: 'un-nouveau-mdp-sur' },
        'actuel',
        PASSWORD_MESSAGES.actuelIncorrect,
      ],
      [{ actuel, nouveau: 'onze-carac', confirmation: 'onze-carac' }, 'nouveau', PASSWORD_MESSAGES.tropCourt],
      [
        { actuel, nouveau: 'un-nouveau-mdp-sur', confirmation: 'un-nouveau-mdp-SUR' },
        'confirmation',
        PASSWORD_MESSAGES.confirmationDifferente,
      ],
      [{ actuel, nouveau: actuel, confirmation: actuel }, 'nouveau', PASSWORD_MESSAGES.identique],
      [
        { nouveau: 'un-nouveau-mdp-sur', confirmation: 'un-nouveau-mdp-sur' },
        'actuel',
        PASSWORD_MESSAGES.actuelObligatoire,
      ],
    ];
    for (const [payload, key, error] of cases) {
      const res = await change(a.cookie, payload);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().errors).toContainEqual({ key, error });
    }
    // Exactly 11 characters is refused, 12 accepted: the threshold is 12.
    expect((await change(a.cookie, { actuel, nouveau: 'a'.repeat(11), confirmation: 'a'.repeat(11) })).statusCode).toBe(
      400,
    );
    expect((await login(a.username, actuel)).statusCode).toBe(200);
  });

  it('un mot de passe actuel faux compte comme un échec de connexion : au sixième, 429 en français, rien de changé', async () => {
    const a = await t.agent(['ROLE_USER']);
    const wrong = { actuel: 'pas-le-bon-mdp', nouveau: 'un-nouveau-mdp-sur', confirmation: 'un-nouveau-mdp-sur' };
    for (let i = 0; i < 5; i++) expect((await change(a.cookie, wrong)).statusCode).toBe(400);
    const sixth = await change(a.cookie, { ...wrong, actuel: 'mot-de-passe-de-test' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ status: 'error', message: MESSAGES.tropDeTentatives });
    // The same counters as the login: from this address the account is locked there too.
    expect((await login(a.username, 'mot-de-passe-de-test')).statusCode).toBe(429);
    const [row] = await t.app.db.select().from(agents).where(eq(agents.username, a.username));
    expect(row.motDePasseAChanger).toBe(false);
    expect(await t.app.db.$count(sessions, eq(sessions.agentId, row.id))).toBeGreaterThan(0);
  });

  it('change le mot de passe, ferme toutes les autres sessions et continue dans une nouvelle', async () => {
    const a = await t.agent(['ROLE_USER']);
    const other = cookieOf(await login(a.username, 'mot-de-passe-de-test'));
    const res = await change(a.cookie, {
      actuel: 'mot-de-passe-de-test',
      nouveau: 'douze-caract',
      confirmation: 'douze-caract',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: PASSWORD_MESSAGES.change });
    const fresh = cookieOf(res);
    expect(fresh).not.toBe('');
    expect(fresh).not.toBe(a.cookie);
    for (const old of [a.cookie, other]) {
      expect((await t.app.inject({ url: '/api/admin/statut/get/all', headers: { cookie: old } })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ url: '/api/admin/statut/get/all', headers: { cookie: fresh } })).statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.agentId, a.id))).toHaveLength(1);
    expect((await login(a.username, 'mot-de-passe-de-test')).statusCode).toBe(400);
    expect((await login(a.username, 'douze-caract')).statusCode).toBe(200);
  });

  it('401 sans session', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL_MDP, payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe(`premier administrateur au mot de passe généré (${dbKind})`, () => {
  let t: TestApp;
  let generated = '';
  beforeAll(async () => {
    t = await testApp();
    const lines: string[] = [];
    await ensureBootstrapAdmin(t.database.db, loadConfig({ ADMIN_USERNAME: 'chef' }), (l) => lines.push(l));
    generated = /: (\S+)$/.exec(lines.find((l) => l.includes('Mot de passe généré')) ?? '')?.[1] ?? '';
  });
  afterAll(() => t.close());

  const call = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });

  it('montre le mot de passe une fois, puis n’ouvre que Mon compte tant qu’il n’est pas changé', async () => {
    expect(generated.length).toBeGreaterThanOrEqual(12);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'chef', password: generated },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ username: 'chef', motDePasseAChanger: true });
    const cookie = cookieOf(login);

    // The current user (the web app reads it to go to Mon compte) answers; every other staff call is refused.
    const me = await call(cookie, '/api/user/get/current');
    expect(me.json().user).toMatchObject({ motDePasseAChanger: true, roles: expect.arrayContaining(['ROLE_ADMIN']) });
    for (const url of [
      '/api/admin/statut/get/all',
      '/api/admin/inscriptions/get/list/by/filters',
      '/api/admin/role/get/list/by/filters',
    ]) {
      const res = await call(cookie, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        status: 'error',
        message: PASSWORD_MESSAGES.aChanger,
        errors: [],
        reason: MOT_DE_PASSE_A_CHANGER,
      });
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/role/update/1',
      headers: { cookie },
      payload: { agents: [] },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().reason).toBe(MOT_DE_PASSE_A_CHANGER);

    const changed = await t.app.inject({
      method: 'POST',
      url: URL_MDP,
      headers: { cookie },
      payload: { actuel: generated, nouveau: 'choisi-par-le-chef', confirmation: 'choisi-par-le-chef' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = cookieOf(changed);
    expect((await call(fresh, '/api/user/get/current')).json().user.motDePasseAChanger).toBe(false);
    expect((await call(fresh, '/api/admin/statut/get/all')).statusCode).toBe(200);
    expect((await call(fresh, '/api/admin/role/get/list/by/filters')).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(agents).where(eq(agents.username, 'chef'));
    expect(row.motDePasseAChanger).toBe(false);
  });

  it('un mot de passe fixé par ADMIN_PASSWORD n’est pas à changer ; moins de 12 caractères arrête le démarrage', async () => {
    const other = await testApp();
    try {
      await ensureBootstrapAdmin(
        other.database.db,
        loadConfig({ ADMIN_PASSWORD: 'choisi-par-l-exploitant' }),
        () => {},
      );
      const [row] = await other.database.db.select().from(agents).where(eq(agents.username, 'admin'));
      expect(row.motDePasseAChanger).toBe(false);
    } finally {
      await other.close();
    }
    expect(() => loadConfig({ ADMIN_PASSWORD: 'onze-carac.' })).toThrow(
      /ADMIN_PASSWORD doit contenir au moins 12 caractères/,
    );
  });
});
