import {
  type Access,
  ALL_ENDPOINTS,
  endpointKey,
  MOT_DE_PASSE_A_CHANGER,
  ROLE_MESSAGES,
  sessionEndpoints,
} from '@guichet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../test/harness.ts';
import { agents, roles } from '../db/schema.ts';

/**
 * Every endpoint of the contract's table and who may call it (docs/spec/decisions.md §4): the table is the one
 * declaration, and the app refuses to register a route it does not hold (platform/route.ts).
 */
const ROUTES: Record<string, Access> = Object.fromEntries(ALL_ENDPOINTS.map((e) => [endpointKey(e), e.access]));

/** The one staff call open while a generated password must be changed (`whilePasswordToChange`). */
const PASSWORD_CHANGE = endpointKey(sessionEndpoints.changePassword);

const PROFILES = {
  anonyme: null,
  'sans rôle': [],
  ROLE_USER: ['ROLE_USER'],
  ROLE_ADMIN_ROLE: ['ROLE_ADMIN_ROLE'],
  ROLE_ADMIN: ['ROLE_ADMIN'],
  'ROLE_ADMIN, mot de passe à changer': ['ROLE_ADMIN'],
} as const;

/** What docs/spec/decisions.md §4 promises each profile on a route of this access. */
function expected(route: string, access: Access, profile: keyof typeof PROFILES): 'passe' | 401 | 403 {
  // A personal link's endpoints are open to anyone: the handler checks the token (404 when wrong).
  if (access === 'public' || access === 'token') return 'passe';
  if (profile === 'anonyme') return 401;
  if (profile === 'ROLE_ADMIN, mot de passe à changer') return route === PASSWORD_CHANGE ? 'passe' : 403;
  if (access === 'connecte') return 'passe';
  const roles = PROFILES[profile] as readonly string[];
  // docs/spec/decisions.md §4, written out here rather than read from ACCESS: the test checks the guard, not itself.
  const allowed =
    access === 'gestion'
      ? ['ROLE_ADMIN', 'ROLE_USER']
      : access === 'administration'
        ? ['ROLE_ADMIN']
        : ['ROLE_ADMIN', 'ROLE_ADMIN_ROLE'];
  return roles.some((r) => allowed.includes(r)) ? 'passe' : 403;
}

describe(`matrice des accès (${dbKind})`, () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    t = await testApp();
    for (const [name, codes] of Object.entries(PROFILES)) {
      if (!codes) continue;
      const agent = await t.agent([...codes]);
      cookies[name] = agent.cookie;
      if (name.includes('mot de passe à changer')) {
        await t.database.db.update(agents).set({ motDePasseAChanger: true }).where(eq(agents.id, agent.id));
      }
    }
  });
  afterAll(() => t.close());

  const registered = () =>
    t.app.routeList
      .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`);

  it('connaît chaque route enregistrée, et chaque route du tableau existe', () => {
    const routes = registered();
    expect(routes.filter((r) => !(r in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('répond 401, 403 ou laisse passer selon le profil, pour chaque route', async () => {
    const wrong: string[] = [];
    for (const [route, access] of Object.entries(ROUTES)) {
      // /logout ends the session it is called with: its own test covers it (auth.test.ts).
      if (route === 'GET /logout') continue;
      const [method, path] = route.split(' ');
      // Ids that exist nowhere: passing the guard then shows as 400/404, never as 401/403.
      const url = path.replace(/:\w+/g, '999999');
      for (const profile of Object.keys(PROFILES) as (keyof typeof PROFILES)[]) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: cookies[profile] ? { cookie: cookies[profile] } : {},
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const want = expected(route, access, profile);
        const got = res.statusCode;
        const ok = want === 'passe' ? got !== 401 && got !== 403 && got < 500 : got === want;
        if (!ok) wrong.push(`${route} en ${profile} : ${got}, attendu ${want}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('le 403 d’un mot de passe à changer porte sa raison, lisible par l’application', async () => {
    const res = await t.app.inject({
      url: '/api/admin/statut/get/all',
      headers: { cookie: cookies['ROLE_ADMIN, mot de passe à changer'] },
    });
    expect(res.json()).toMatchObject({ status: 'error', reason: MOT_DE_PASSE_A_CHANGER });
  });

  it('le rôle Administrateur ne se modifie que par un administrateur (403 pour un gestionnaire des rôles)', async () => {
    const [admin] = await t.database.db.select().from(roles).where(eq(roles.code, 'ROLE_ADMIN'));
    const current = await t.app.inject({
      url: `/api/admin/role/get/${admin.id}`,
      headers: { cookie: cookies.ROLE_ADMIN },
    });
    const members = (current.json().agents as { id: number }[]).map((a) => a.id);
    const put = (profile: keyof typeof PROFILES) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/role/update/${admin.id}`,
        headers: { cookie: cookies[profile] },
        payload: { agents: members },
      });
    const refused = await put('ROLE_ADMIN_ROLE');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ROLE_MESSAGES.reserveAdministrateur('Administrateur'));
    expect((await put('ROLE_ADMIN')).statusCode).toBe(200);
  });
});
