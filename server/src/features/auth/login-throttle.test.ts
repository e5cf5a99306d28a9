import { MESSAGES } from '@guichet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { onPgliteOnly } from '../../../test/statements.ts';
import { LOGIN_LIMITS } from './login-throttle.ts';

onPgliteOnly('limite des tentatives de connexion : compteurs et connexions ordinaires, sans concurrence');

const PASSWORD = 'mot-de-passe-de-test';

describe(`limite des tentatives de connexion (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username, password } });
  const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

  it('vingt-quatre essais simultanés : cinq mots de passe vérifiés, pas un de plus', async () => {
    const a = await t.agent(['ROLE_USER']);
    const burst = await Promise.all(
      Array.from({ length: 24 }, (_, i) => login(a.username, `faux-${i}`, '203.0.113.1')),
    );
    // A 400 is a checked password, a 429 a refusal before any check.
    expect(statuses(burst)).toEqual([...Array(5).fill(400), ...Array(19).fill(429)]);
    for (const r of burst.filter((r) => r.statusCode === 429)) {
      expect(r.json()).toEqual({ logged: false, error: MESSAGES.tropDeTentatives });
    }
    // The right password is not checked either from this address.
    expect((await login(a.username, PASSWORD, '203.0.113.1')).statusCode).toBe(429);
  });

  it('un identifiant inconnu est limité de même', async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, () => login('personne', 'x', '203.0.113.2')));
    expect(statuses(burst)).toEqual([...Array(5).fill(400), ...Array(7).fill(429)]);
  });

  it('l’agent se connecte d’une autre adresse pendant qu’un attaquant martèle son identifiant', async () => {
    const a = await t.agent(['ROLE_USER']);
    const attack = () => Promise.all(Array.from({ length: 24 }, () => login(a.username, 'devine', '198.51.100.7')));
    expect((await attack()).filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect((await login(a.username, PASSWORD, '192.0.2.10')).statusCode).toBe(200);
    expect((await attack()).every((r) => r.statusCode === 429)).toBe(true);
    expect((await login(a.username, PASSWORD, '192.0.2.10')).statusCode).toBe(200);
    // The agent's own typing mistakes elsewhere do not add to the attacker's count either.
    expect((await login(a.username, 'coquille', '192.0.2.11')).statusCode).toBe(400);
    expect((await login(a.username, PASSWORD, '192.0.2.11')).statusCode).toBe(200);
  });

  it('une connexion réussie efface les erreurs de cette adresse sur ce compte', async () => {
    const a = await t.agent(['ROLE_USER']);
    const ip = '192.0.2.20';
    for (let i = 0; i < 4; i++) expect((await login(a.username, 'faux', ip)).statusCode).toBe(400);
    expect((await login(a.username, PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(a.username, 'faux', ip)).statusCode).toBe(400);
    expect((await login(a.username, PASSWORD, ip)).statusCode).toBe(429);
  });

  it(`au-delà de ${LOGIN_LIMITS.perAccount} essais sur un compte, toutes adresses confondues, le compte est bloqué`, async () => {
    const a = await t.agent(['ROLE_USER']);
    const addresses = LOGIN_LIMITS.perAccount / LOGIN_LIMITS.perAccountAndAddress;
    for (let n = 0; n < addresses; n++) {
      const burst = await Promise.all(
        Array.from({ length: LOGIN_LIMITS.perAccountAndAddress }, () => login(a.username, 'faux', `100.64.0.${n}`)),
      );
      expect(statuses(burst)).toEqual(Array(LOGIN_LIMITS.perAccountAndAddress).fill(400));
    }
    expect((await login(a.username, PASSWORD, '192.0.2.30')).statusCode).toBe(429);
    // Another account is not affected.
    const b = await t.agent(['ROLE_USER']);
    expect((await login(b.username, PASSWORD, '192.0.2.30')).statusCode).toBe(200);
  });

  it('des adresses IPv6 d’un même /64 partagent la limite', async () => {
    const a = await t.agent(['ROLE_USER']);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(a.username, 'faux', `2001:db8:7:7::${(i + 1).toString(16)}`)),
    );
    expect(statuses(burst)).toEqual([...Array(5).fill(400), ...Array(5).fill(429)]);
    expect((await login(a.username, PASSWORD, '2001:db8:7:8::1')).statusCode).toBe(200);
  });
});
