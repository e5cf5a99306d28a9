import { MESSAGES, ROLE_MESSAGES } from '@guichet/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { agentRoles, agents, roles } from '../../db/schema.ts';
import { agentsRepository } from '../auth/agents.repository.ts';

type Cookie = { cookie: string; id: number };

describe(`rôles et agents (${dbKind})`, () => {
  let t: TestApp;
  let admin: Cookie;
  const roleId: Record<string, number> = {};

  beforeAll(async () => {
    t = await testApp();
    admin = await t.agent(['ROLE_ADMIN']);
    for (const r of await t.database.db.select().from(roles)) roleId[r.code] = r.id;
  });
  afterAll(() => t.close());

  const get = (url: string, who?: Cookie) => t.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
  const put = (id: number, agentIds: unknown, who: Cookie = admin) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/role/update/${id}`,
      headers: { cookie: who.cookie },
      payload: { agents: agentIds },
    });
  const agentsOf = async (code: string, who: Cookie = admin) =>
    ((await get(`/api/admin/role/get/${roleId[code]}`, who)).json().agents as { id: number }[]).map((a) => a.id);
  /** Creates an agent with a name to search for; returns its id. */
  const person = (username: string, prenom: string, nom: string, roleCodes: string[] = []) =>
    agentsRepository.create(t.database.db, {
      username,
      password: 'mot-de-passe-de-test',
      prenom,
      nom,
      roles: roleCodes,
    });

  it('ouvre les routes des rôles à ROLE_ADMIN et ROLE_ADMIN_ROLE seulement (401 anonyme, 403 ROLE_USER)', async () => {
    const user = await t.agent(['ROLE_USER']);
    const gestionnaire = await t.agent(['ROLE_ADMIN_ROLE']);
    const before = await agentsOf('ROLE_USER');
    const calls = [
      (who?: Cookie) => get('/api/admin/role/get/list/by/filters', who),
      (who?: Cookie) => get(`/api/admin/role/get/${roleId.ROLE_USER}`, who),
      (who?: Cookie) => get('/api/admin/user/get/by/name?name=camille', who),
      // The role's own list sent back unchanged: a valid write that changes nothing.
      (who?: Cookie) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/admin/role/update/${roleId.ROLE_USER}`,
          headers: who ? { cookie: who.cookie } : {},
          payload: { agents: before },
        }),
    ];
    const matrix = [];
    for (const call of calls) {
      matrix.push([
        (await call()).statusCode,
        (await call(user)).statusCode,
        (await call(gestionnaire)).statusCode,
        (await call(admin)).statusCode,
      ]);
    }
    expect(matrix).toEqual(Array(calls.length).fill([401, 403, 200, 200]));
    const refused = await get('/api/admin/role/get/list/by/filters', user);
    expect(refused.json()).toMatchObject({ status: 'error', message: MESSAGES.accesNonAutorise });
    expect((await agentsOf('ROLE_USER')).sort()).toEqual([...before].sort());
  });

  it('liste les rôles triés par libellé, avec filtre, recherche sans accents et tri contrôlé', async () => {
    const list = (q: string) => get(`/api/admin/role/get/list/by/filters${q}`, admin);
    const all = await list('');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({
      count: 3,
      roles: [
        { id: roleId.ROLE_ADMIN, code: 'ROLE_ADMIN', libelle: 'Administrateur' },
        { id: roleId.ROLE_USER, code: 'ROLE_USER', libelle: 'Agent' },
        { id: roleId.ROLE_ADMIN_ROLE, code: 'ROLE_ADMIN_ROLE', libelle: 'Gestion des rôles' },
      ],
    });
    const desc = (await list('?sort[name]=libelle&sort[direction]=desc')).json();
    expect(desc.roles.map((r: { libelle: string }) => r.libelle)).toEqual([
      'Gestion des rôles',
      'Agent',
      'Administrateur',
    ]);
    expect((await list('?filter[libelle]=ROLES')).json()).toEqual({
      count: 1,
      roles: [{ id: roleId.ROLE_ADMIN_ROLE, code: 'ROLE_ADMIN_ROLE', libelle: 'Gestion des rôles' }],
    });
    expect((await list('?search=role')).json().roles).toEqual([
      { id: roleId.ROLE_ADMIN_ROLE, code: 'ROLE_ADMIN_ROLE', libelle: 'Gestion des rôles' },
    ]);
    expect((await list('?rowsPerPage=5&page=1')).json()).toEqual({ count: 3, roles: [] });
    const badSort = await list('?sort[name]=code');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().errors).toEqual([{ key: 'sort', error: 'Colonne de tri inconnue.' }]);
    expect((await list('?rowsPerPage=7')).statusCode).toBe(400);
  });

  it('donne un rôle avec ses agents actifs (id, prénom, nom, photo), 404 pour un rôle inconnu', async () => {
    const zoe = await person('z.abadie', 'Zoé', 'Abadie', ['ROLE_ADMIN_ROLE']);
    const parti = await person('p.parti', 'Paul', 'Parti', ['ROLE_ADMIN_ROLE']);
    await agentsRepository.setActive(t.database.db, parti, false);
    const res = await get(`/api/admin/role/get/${roleId.ROLE_ADMIN_ROLE}`, admin);
    expect(res.statusCode).toBe(200);
    const role = res.json();
    expect(role).toMatchObject({ id: roleId.ROLE_ADMIN_ROLE, code: 'ROLE_ADMIN_ROLE', libelle: 'Gestion des rôles' });
    expect(role.agents[0]).toEqual({ id: zoe, prenom: 'Zoé', nom: 'Abadie', photo: null });
    expect(role.agents.map((a: { id: number }) => a.id)).not.toContain(parti);
    expect(JSON.stringify(role)).not.toMatch(/password|hash|username/i);

    const missing = await get('/api/admin/role/get/999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 'error', message: ROLE_MESSAGES.roleIntrouvable });
    const notAnId = await get('/api/admin/role/get/abc', admin);
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().errors).toEqual([{ key: 'id', error: 'Identifiant de rôle invalide.' }]);
    expect((await put(999999, [])).statusCode).toBe(404);
  });

  it('ajoute puis retire des agents d’un rôle, avec le message de succès en français', async () => {
    const a = await person('l.roux', 'Léa', 'Roux');
    const b = await person('m.noir', 'Marc', 'Noir');
    const before = await agentsOf('ROLE_USER');
    const added = await put(roleId.ROLE_USER, [...before, a, b, a]);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ status: 'success', message: 'Les agents du rôle « Agent » ont été enregistrés.' });
    expect((await agentsOf('ROLE_USER')).sort()).toEqual([...before, a, b].sort());

    const removed = await put(roleId.ROLE_USER, [...before, b]);
    expect(removed.statusCode).toBe(200);
    expect((await agentsOf('ROLE_USER')).sort()).toEqual([...before, b].sort());
  });

  it('refuse de laisser ROLE_ADMIN sans agent actif, sans rien changer', async () => {
    const before = await agentsOf('ROLE_ADMIN');
    expect(before.length).toBeGreaterThan(0);
    const res = await put(roleId.ROLE_ADMIN, []);
    expect(res.statusCode).toBe(400);
    const error = ROLE_MESSAGES.dernierAdministrateur('Administrateur');
    expect(res.json()).toEqual({ status: 'error', message: error, errors: [{ key: 'agents', error }] });
    expect(await agentsOf('ROLE_ADMIN')).toEqual(before);
    // Other roles may be emptied.
    const gestion = await agentsOf('ROLE_ADMIN_ROLE');
    expect((await put(roleId.ROLE_ADMIN_ROLE, [])).statusCode).toBe(200);
    expect(await agentsOf('ROLE_ADMIN_ROLE')).toEqual([]);
    expect((await put(roleId.ROLE_ADMIN_ROLE, gestion)).statusCode).toBe(200);
  });

  it('refuse un agent inconnu ou désactivé, sans rien changer', async () => {
    const ancien = await person('a.ancien', 'Anne', 'Ancien');
    await agentsRepository.setActive(t.database.db, ancien, false);
    const before = await agentsOf('ROLE_USER');
    const newcomer = await person('n.neuf', 'Noé', 'Neuf');
    const res = await put(roleId.ROLE_USER, [...before, newcomer, 999999, ancien]);
    expect(res.statusCode).toBe(400);
    const error = ROLE_MESSAGES.agentsInconnus([999999, ancien]);
    expect(res.json()).toEqual({ status: 'error', message: error, errors: [{ key: 'agents', error }] });
    expect((await agentsOf('ROLE_USER')).sort()).toEqual([...before].sort());
    // Even the only admin replaced by a disabled account is refused.
    expect((await put(roleId.ROLE_ADMIN, [ancien])).statusCode).toBe(400);

    const badBody = await put(roleId.ROLE_USER, ['x']);
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().errors).toEqual([{ key: 'agents', error: 'Identifiant d’agent invalide.' }]);
    expect((await put(roleId.ROLE_USER, [1.5])).json().errors[0].error).toBe('Identifiant d’agent invalide.');
    expect((await put(roleId.ROLE_USER, undefined)).json().errors[0]).toEqual({
      key: 'agents',
      error: 'La liste des agents est obligatoire.',
    });
  });

  it('garde l’appartenance d’un agent désactivé, pour le jour où il est réactivé', async () => {
    const absent = await person('c.conge', 'Chloé', 'Congé', ['ROLE_USER']);
    await agentsRepository.setActive(t.database.db, absent, false);
    const shown = await agentsOf('ROLE_USER');
    expect(shown).not.toContain(absent);
    expect((await put(roleId.ROLE_USER, shown)).statusCode).toBe(200);
    const kept = await t.database.db
      .select()
      .from(agentRoles)
      .where(and(eq(agentRoles.agentId, absent), eq(agentRoles.roleId, roleId.ROLE_USER)));
    expect(kept).toHaveLength(1);
  });

  it('applique un rôle retiré dès la requête suivante de l’agent (même cookie : 403)', async () => {
    const gestionnaire = await t.agent(['ROLE_ADMIN_ROLE', 'ROLE_USER']);
    expect((await get('/api/admin/role/get/list/by/filters', gestionnaire)).statusCode).toBe(200);
    const rest = (await agentsOf('ROLE_ADMIN_ROLE')).filter((id) => id !== gestionnaire.id);
    expect((await put(roleId.ROLE_ADMIN_ROLE, rest)).statusCode).toBe(200);
    const after = await get('/api/admin/role/get/list/by/filters', gestionnaire);
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(MESSAGES.accesNonAutorise);
    // The session itself lives on, with the roles it still has.
    expect((await get('/api/user/get/current', gestionnaire)).json().user.roles).toEqual(['ROLE_USER']);
  });

  it('laisse un gestionnaire se retirer lui-même : son appel suivant est refusé', async () => {
    const moi = await t.agent(['ROLE_ADMIN_ROLE']);
    const others = (await agentsOf('ROLE_ADMIN_ROLE', moi)).filter((id) => id !== moi.id);
    expect((await put(roleId.ROLE_ADMIN_ROLE, others, moi)).statusCode).toBe(200);
    expect((await get('/api/admin/role/get/list/by/filters', moi)).statusCode).toBe(403);
  });

  it('refuse à un gestionnaire des rôles tout changement du rôle Administrateur (403 en français), rien ne change', async () => {
    const gestionnaire = await t.agent(['ROLE_ADMIN_ROLE']);
    const autreAdmin = await person('a.autre', 'Alix', 'Autre', ['ROLE_ADMIN']);
    const before = await agentsOf('ROLE_ADMIN');
    const message = ROLE_MESSAGES.reserveAdministrateur('Administrateur');
    // Joining it, emptying it of the others, or sending it back unchanged: the role is not its to edit.
    for (const list of [[...before, gestionnaire.id], [gestionnaire.id], [autreAdmin], before]) {
      const res = await put(roleId.ROLE_ADMIN, list, gestionnaire);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 'error', message, errors: [] });
    }
    expect((await agentsOf('ROLE_ADMIN')).sort()).toEqual([...before].sort());
    const me = await get('/api/user/get/current', gestionnaire);
    expect(me.json().user.roles).toEqual(['ROLE_ADMIN_ROLE']);
    // It still reads the role (whom to ask), and an administrator changes it.
    expect((await get(`/api/admin/role/get/${roleId.ROLE_ADMIN}`, gestionnaire)).statusCode).toBe(200);
    expect(
      (
        await put(
          roleId.ROLE_ADMIN,
          before.filter((id) => id !== autreAdmin),
        )
      ).statusCode,
    ).toBe(200);
    expect(await agentsOf('ROLE_ADMIN')).not.toContain(autreAdmin);
  });

  it('laisse un gestionnaire des rôles gérer Agent et Gestion des rôles pour les autres, jamais s’y ajouter lui-même', async () => {
    const gestionnaire = await t.agent(['ROLE_ADMIN_ROLE']);
    const collegue = await person('c.collegue', 'Claude', 'Collègue');
    const agentsBefore = await agentsOf('ROLE_USER');
    // Another agent into Agent, then into Gestion des rôles (keeping itself there): allowed.
    expect((await put(roleId.ROLE_USER, [...agentsBefore, collegue], gestionnaire)).statusCode).toBe(200);
    const gestion = await agentsOf('ROLE_ADMIN_ROLE');
    expect((await put(roleId.ROLE_ADMIN_ROLE, [...gestion, collegue], gestionnaire)).statusCode).toBe(200);
    // Itself into Agent (the personal data): refused, nothing changed.
    const withCollegue = await agentsOf('ROLE_USER');
    const self = await put(roleId.ROLE_USER, [...withCollegue, gestionnaire.id], gestionnaire);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ status: 'error', message: ROLE_MESSAGES.pasPourSoi, errors: [] });
    expect((await agentsOf('ROLE_USER')).sort()).toEqual([...withCollegue].sort());
    expect((await get('/api/admin/inscriptions/get/list/by/filters', gestionnaire)).statusCode).toBe(403);
    // An administrator may add itself (it already holds every right), and adds the role manager.
    const chef = await t.agent(['ROLE_ADMIN']);
    expect((await put(roleId.ROLE_USER, [...withCollegue, chef.id], chef)).statusCode).toBe(200);
    expect((await put(roleId.ROLE_USER, [...withCollegue, chef.id, gestionnaire.id], chef)).statusCode).toBe(200);
    // Now a member of Agent, the role manager may keep itself there while removing someone else.
    const kept = (await agentsOf('ROLE_USER')).filter((id) => id !== collegue);
    expect((await put(roleId.ROLE_USER, kept, gestionnaire)).statusCode).toBe(200);
    expect(await agentsOf('ROLE_USER')).toContain(gestionnaire.id);
  });

  it('cherche les agents actifs par prénom, nom ou identifiant, sans accents ni casse, 20 au plus', async () => {
    const elodie = await person('elodie.lefevre', 'Élodie', 'Lefèvre');
    const francois = await person('fc', 'François', 'Çelik');
    const sortie = await person('e.sortie', 'Éloi', 'Sortie');
    await agentsRepository.setActive(t.database.db, sortie, false);
    const search = async (name: string) => {
      const res = await get(`/api/admin/user/get/by/name?name=${encodeURIComponent(name)}`, admin);
      expect(res.statusCode).toBe(200);
      return res.json() as { id: number; prenom: string; nom: string; photo: string | null }[];
    };
    expect(await search('elodie')).toEqual([{ id: elodie, prenom: 'Élodie', nom: 'Lefèvre', photo: null }]);
    expect((await search('LEFEVRE')).map((a) => a.id)).toEqual([elodie]);
    expect((await search('élodie lef')).map((a) => a.id)).toEqual([elodie]);
    expect((await search('lefèvre élo')).map((a) => a.id)).toEqual([elodie]);
    expect((await search('ELODIE.L')).map((a) => a.id)).toEqual([elodie]);
    expect((await search('francois celik')).map((a) => a.id)).toEqual([francois]);
    expect(await search('eloi')).toEqual([]);
    expect(await search('')).toEqual([]);
    expect(await search('%')).toEqual([]);

    for (let i = 0; i < 22; i++) await person(`homonyme${i}`, 'Sam', `Homonyme${String(i).padStart(2, '0')}`);
    const many = await search('homonyme');
    expect(many).toHaveLength(20);
    expect(many[0].nom).toBe('Homonyme00');
    expect((await get(`/api/admin/user/get/by/name?name=${'x'.repeat(101)}`, admin)).statusCode).toBe(400);
    const notText = await get('/api/admin/user/get/by/name?name[]=elodie', admin);
    expect(notText.statusCode).toBe(400);
    expect(notText.json().errors).toEqual([{ key: 'name', error: 'Le nom recherché doit être un texte.' }]);
  });

  it('ne révèle rien de plus qu’id, prénom, nom et photo dans la recherche', async () => {
    await person('discret', 'Dan', 'Discret');
    const [found] = (await get('/api/admin/user/get/by/name?name=discret', admin)).json();
    expect(Object.keys(found).sort()).toEqual(['id', 'nom', 'photo', 'prenom']);
    const [row] = await t.database.db.select().from(agents).where(eq(agents.id, found.id));
    expect(row.passwordHash).toBeTruthy();
  });
});
