import { STATUT } from '@guichet/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp, testDatabase } from '../../../test/harness.ts';
import { ensureBootstrapAdmin } from '../../bootstrap.ts';
import { runUserCommand } from '../../cli/user-commands.ts';
import { etudiants, inscriptions, journal, partenaires, roles } from '../../db/schema.ts';
import { parisDay } from '../../platform/daily-jobs.ts';
import { seedInscriptions } from '../inscriptions/inscriptions.fixtures.ts';
import { setStatutByStaff } from '../inscriptions/landlord.service.ts';
import { adminPut, register } from '../partenaires/partenaires.fixtures.ts';

/**
 * The « Journal » (issue 18): each kind of staff action writes exactly one line per thing it
 * changed, in the transaction of the change, with who, what, before and after; a change rolled
 * back writes none. Then the Administrateur's table, its export, and each page's « Historique ».
 */
describe(`journal des actions (${dbKind})`, () => {
  let t: TestApp;
  let admin: { cookie: string; id: number; username: string };
  let agent: { cookie: string; id: number; username: string };
  let roleManager: { cookie: string; id: number; username: string };
  beforeAll(async () => {
    t = await testApp();
    admin = await t.agent(['ROLE_ADMIN'], 'm.martin');
    agent = await t.agent(['ROLE_USER'], 'p.durand');
    roleManager = await t.agent(['ROLE_ADMIN_ROLE'], 'r.petit');
  });
  afterAll(() => t.close());

  const as = (who: { cookie: string }, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, payload });
  const lastId = async () => {
    const [{ max }] = await t.app.db.select({ max: sql<number>`coalesce(max(${journal.id}), 0)::int` }).from(journal);
    return max;
  };
  /** The lines written since `after`, oldest first. */
  const linesSince = (after: number) =>
    t.app.db.select().from(journal).where(gt(journal.id, after)).orderBy(asc(journal.id));
  const label = (who: { username: string }) => `Camille Test (${who.username})`;

  it('statut d’une offre : une ligne par changement, avec avant et après ; rien quand rien ne change', async () => {
    const [id] = await seedInscriptions(t.app.db, [{ date: new Date(), statut: STATUT.enAttente }]);
    const put = (statut: number, motif?: string) =>
      as(agent, 'PUT', `/api/admin/inscription/update/${id}`, { statut, ...(motif ? { motif } : {}) });

    let mark = await lastId();
    expect((await put(STATUT.valide)).statusCode).toBe(200);
    expect(await linesSince(mark)).toMatchObject([
      {
        agentId: agent.id,
        agent: label(agent),
        action: 'inscription.statut',
        entite: 'inscription',
        entiteId: id,
        resume: `Offre n° ${id} : En attente → Validé`,
        avant: { statut: 'En attente' },
        apres: { statut: 'Validé' },
      },
    ]);

    mark = await lastId();
    expect((await put(STATUT.refuse, 'Logement insalubre')).statusCode).toBe(200);
    const [refus] = await linesSince(mark);
    expect(refus.avant).toEqual({ statut: 'Validé' });
    expect(refus.apres).toEqual({ statut: 'Refusé', motif: 'Logement insalubre' });

    // The same status again changes nothing: no line.
    mark = await lastId();
    expect((await put(STATUT.refuse)).statusCode).toBe(200);
    expect(await linesSince(mark)).toEqual([]);
  });

  it('un changement annulé (le courriel ne peut être mis en file) n’écrit aucune ligne', async () => {
    const [id] = await seedInscriptions(t.app.db, [{ date: new Date(), statut: STATUT.enAttente }]);
    const mark = await lastId();
    const failing = {
      db: t.app.db,
      mail: {
        ...t.app.mail,
        enqueue: async () => {
          throw new Error('file des courriels indisponible');
        },
      },
    };
    const me = { id: admin.id, username: admin.username, prenom: 'Camille', nom: 'Test' };
    await expect(setStatutByStaff(failing, me, id, STATUT.valide, undefined)).rejects.toThrow('indisponible');
    expect(await linesSince(mark)).toEqual([]);
    const [row] = await t.app.db.select().from(inscriptions).where(eq(inscriptions.id, id));
    expect(row.statutId).toBe(STATUT.enAttente);
  });

  it('fiche partenaire : seuls les champs changés, en libellés ; renouvellement ; modifications validées et refusées', async () => {
    const id = await register(t.app, { nom: 'Vélo Campus' });
    let mark = await lastId();
    const res = await adminPut(t.app, agent.cookie, id, {
      statut: STATUT.valide,
      actif: true,
      categorie: 3,
      filtre: 3,
      nom: 'Vélo Campus Troyes',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [edit, ...others] = await linesSince(mark);
    expect(others).toEqual([]);
    expect(edit).toMatchObject({ action: 'partenaire.modification', entite: 'partenaire', entiteId: id });
    expect(Object.keys(edit.avant ?? {}).sort()).toEqual(['actif', 'categorie', 'filtre', 'nom', 'statut']);
    expect(edit.avant).toMatchObject({ nom: 'Vélo Campus', statut: 'En attente', actif: false, categorie: null });
    expect(edit.apres).toMatchObject({ nom: 'Vélo Campus Troyes', statut: 'Validé', actif: true });
    expect(typeof edit.apres?.categorie).toBe('string');
    expect(edit.resume).toContain('Nom du partenaire');

    // Saving the page unchanged changes nothing: no line.
    mark = await lastId();
    expect((await adminPut(t.app, agent.cookie, id, {})).statusCode).toBe(200);
    expect(await linesSince(mark)).toEqual([]);

    mark = await lastId();
    expect((await as(agent, 'PUT', `/api/admin/partenaire/send/mail/update/${id}`)).statusCode).toBe(200);
    expect(await linesSince(mark)).toMatchObject([
      { action: 'partenaire.renouvellement', entiteId: id, agentId: agent.id, avant: null, apres: null },
    ]);

    // A proposal waiting for review (as the personal link stores it), validated with one field edited by staff.
    const [stored] = await t.app.db.select().from(partenaires).where(eq(partenaires.id, id));
    const { nom, lien, lienOffres, presentation, logo, nomComplet, adresse, cp, ville, telephone, mail } = stored;
    const { civiliteR, nomR, prenomR, fonctionR, telephoneR, mailR } = stored;
    const fields = { nom, lien, lienOffres, presentation, logo, nomComplet, adresse, cp, ville, telephone, mail };
    const representant = { civiliteR, nomR, prenomR, fonctionR, telephoneR, mailR };
    const proposal = { ...fields, ...representant, ville: 'SAINTE-SAVINE' };
    await t.app.db.update(partenaires).set({ tempdata: proposal }).where(eq(partenaires.id, id));
    mark = await lastId();
    const accept = await as(agent, 'PUT', `/api/admin/partenaire/valid/update/${id}`, { partenaire: proposal });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(await linesSince(mark)).toMatchObject([
      {
        action: 'partenaire.proposition.validee',
        entiteId: id,
        avant: { ville: 'TROYES' },
        apres: { ville: 'SAINTE-SAVINE' },
      },
    ]);

    await t.app.db
      .update(partenaires)
      .set({ tempdata: { ...proposal, telephone: '0325000000' } })
      .where(eq(partenaires.id, id));
    mark = await lastId();
    expect((await as(agent, 'PUT', `/api/admin/partenaire/reject/update/${id}`)).statusCode).toBe(200);
    const [refus, ...rest] = await linesSince(mark);
    expect(rest).toEqual([]);
    expect(refus).toMatchObject({ action: 'partenaire.proposition.refusee', entiteId: id, avant: null, apres: null });
    expect(refus.resume).toContain('Téléphone');
  });

  it('demandes étudiantes : une ligne par demande changée, l’action groupée dite ; aucune pour une demande déjà validée', async () => {
    const add = async (email: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/etudiant/add',
        payload: { email, adresse: '', cp: '10000', ville: 'TROYES', ecole: 'UTT' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.app.db.select({ id: etudiants.id }).from(etudiants).where(eq(etudiants.email, email));
      return row.id;
    };
    const a = await add('alice@example.fr');
    const b = await add('bruno@example.fr');
    const c = await add('chloe@example.fr');
    const act = (ids: number[], action: string) =>
      as(agent, 'PUT', '/api/admin/etudiants/update', { selection: ids, action });

    let mark = await lastId();
    expect((await act([a], 'valider')).statusCode).toBe(200);
    expect(await linesSince(mark)).toHaveLength(1);

    // Select all three, validate: a is already validated, so two lines, each naming the bulk action.
    mark = await lastId();
    expect((await act([a, b, c], 'valider')).statusCode).toBe(200);
    const lines = await linesSince(mark);
    expect(lines.map((l) => l.entiteId).sort()).toEqual([b, c].sort());
    for (const l of lines) {
      expect(l).toMatchObject({
        action: 'etudiant.validation',
        entite: 'etudiant',
        agentId: agent.id,
        avant: { statut: 'En attente' },
        apres: { statut: 'Validé' },
      });
      expect(l.resume).toContain('action groupée sur 3 demandes');
    }

    const d = await add('dora@example.fr');
    mark = await lastId();
    expect((await act([d], 'refuser')).statusCode).toBe(200);
    expect(await linesSince(mark)).toMatchObject([
      { action: 'etudiant.refus', entiteId: d, avant: { statut: 'En attente' }, apres: { statut: 'Refusé' } },
    ]);
    // A refusal that is refused (a validated request in the selection) changes nothing and writes nothing.
    mark = await lastId();
    expect((await act([a, d], 'refuser')).statusCode).toBe(400);
    expect(await linesSince(mark)).toEqual([]);
  });

  it('rôles : la liste des agents avant et après ; agents créés et désactivés en ligne de commande', async () => {
    const [role] = await t.app.db.select().from(roles).where(eq(roles.code, 'ROLE_USER'));
    const current = (await as(admin, 'GET', `/api/admin/role/get/${role.id}`)).json().agents as { id: number }[];
    const mark = await lastId();
    const res = await as(admin, 'PUT', `/api/admin/role/update/${role.id}`, {
      agents: [...current.map((a) => a.id), roleManager.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [line, ...rest] = await linesSince(mark);
    expect(rest).toEqual([]);
    expect(line).toMatchObject({ action: 'role.agents', entite: 'role', entiteId: role.id, agentId: admin.id });
    expect(line.resume).toBe('Rôle « Agent » : ajout de Camille Test');
    const avant = line.avant as { agents: string[] };
    const apres = line.apres as { agents: string[] };
    expect(apres.agents).toEqual(expect.arrayContaining(avant.agents));
    expect(apres.agents).toHaveLength(avant.agents.length + 1);

    const cli = await lastId();
    await runUserCommand(t.app.db, {
      command: 'add',
      username: 'l.bernard',
      password: 'une phrase de passe assez longue',
      prenom: 'Léa',
      nom: 'BERNARD',
      roles: ['ROLE_USER'],
    });
    await runUserCommand(t.app.db, { command: 'disable', username: 'l.bernard' });
    expect(await linesSince(cli)).toMatchObject([
      {
        action: 'agent.creation',
        agent: 'Ligne de commande (npm run user)',
        agentId: null,
        apres: { identifiant: 'l.bernard', prenom: 'Léa', nom: 'BERNARD', roles: ['ROLE_USER'] },
      },
      { action: 'agent.desactivation', avant: { actif: true }, apres: { actif: false } },
    ]);
  });

  it('premier administrateur créé au démarrage : une ligne, au nom du démarrage', async () => {
    const fresh = await testDatabase();
    try {
      await ensureBootstrapAdmin(fresh.db, { ...t.config, adminUsername: 'admin' }, () => {});
      expect(await fresh.db.select().from(journal)).toMatchObject([
        { action: 'agent.creation', agent: 'Démarrage du portail', agentId: null, apres: { identifiant: 'admin' } },
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('connexions : réussie, échouée (compte connu, identifiant inconnu jamais recopié), blocage une seule fois ; un échec est anonyme, le compte visé en est l’objet', async () => {
    const login = (username: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password },
        remoteAddress: '198.51.100.7',
      });
    let mark = await lastId();
    expect((await login('P.Durand', 'mot-de-passe-de-test')).statusCode).toBe(200);
    expect(await linesSince(mark)).toMatchObject([
      { action: 'connexion', agentId: agent.id, agent: label(agent), entite: 'agent', entiteId: agent.id },
    ]);

    mark = await lastId();
    expect((await login('p.durand', 'pas le bon')).statusCode).toBe(400);
    expect((await login('MotDePasseTapéIci!', 'x')).statusCode).toBe(400);
    const [wrong, unknown] = await linesSince(mark);
    // A visitor typed at the form: the line is not the agent's action, only about the agent's account.
    expect(wrong).toMatchObject({
      action: 'connexion.echec',
      agentId: null,
      agent: 'Anonyme',
      entite: 'agent',
      entiteId: agent.id,
      resume: 'Connexion refusée pour « p.durand » : mot de passe incorrect',
    });
    expect(unknown).toMatchObject({
      action: 'connexion.echec',
      agentId: null,
      agent: 'Anonyme',
      entite: null,
      entiteId: null,
      resume: 'Connexion refusée : identifiant inconnu',
    });
    expect(JSON.stringify(unknown)).not.toContain('MotDePasseTapé');
    // The Journal's « Agent » filter finds no refused attempt under the targeted agent's name.
    const byAgent = await as(
      admin,
      'GET',
      `/api/admin/journal/get/list/by/filters?${qs.stringify({ filter: { agent: agent.username } })}`,
    );
    expect(byAgent.statusCode, byAgent.body).toBe(200);
    expect((byAgent.json().journal as { action: string }[]).filter((l) => l.action === 'connexion.echec')).toEqual([]);

    // Five attempts per account and address: the 6th and later are refused, the lockout recorded once.
    mark = await lastId();
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push((await login('r.petit', 'pas le bon')).statusCode);
    expect(codes.slice(5)).toEqual([429, 429]);
    const blocages = (await linesSince(mark)).filter((l) => l.action === 'connexion.blocage');
    expect(blocages).toHaveLength(1);
    expect(blocages[0]).toMatchObject({
      agentId: null,
      agent: 'Anonyme',
      entite: 'agent',
      entiteId: roleManager.id,
      resume: 'Connexion bloquée pour « r.petit » après trop de tentatives (ce compte depuis cette adresse)',
      apres: { motifBlocage: 'ce compte depuis cette adresse' },
    });
  });

  it('mot de passe changé dans « Mon compte » : une ligne', async () => {
    const someone = await t.agent(['ROLE_USER']);
    const mark = await lastId();
    const res = await as(someone, 'POST', '/api/admin/compte/mot-de-passe', {
      actuel: 'mot-de-passe-de-test',
      nouveau: 'une toute nouvelle phrase',
      confirmation: 'une toute nouvelle phrase',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await linesSince(mark)).toMatchObject([
      { action: 'compte.mot_de_passe', agentId: someone.id, entite: 'agent', entiteId: someone.id },
    ]);
  });

  it('export CSV de données personnelles : une ligne avec la recherche, les filtres, le tri et le nombre de lignes', async () => {
    // Its own requests to export: the file runs in any order.
    await t.app.db.insert(etudiants).values(
      ['export.une@example.fr', 'export.deux@example.fr'].map((email) => ({
        email,
        cp: '10000',
        ville: 'TROYES',
        ecole: 'UTT',
      })),
    );
    const mark = await lastId();
    const query = qs.stringify({
      search: 'example',
      filter: { ecole: 'UTT' },
      sort: { name: 'email', direction: 'desc' },
    });
    const res = await as(agent, 'GET', `/api/admin/etudiants/export?${query}`);
    expect(res.statusCode).toBe(200);
    const rows = res.body.trim().split('\r\n').length - 1;
    expect(rows).toBeGreaterThanOrEqual(2);
    expect(await linesSince(mark)).toMatchObject([
      {
        action: 'export.etudiants',
        entite: 'export',
        agentId: agent.id,
        apres: {
          recherche: 'example',
          filtres: 'ecole = UTT',
          tri: 'email décroissant',
          lignes: rows,
          resultat: 'complet',
        },
      },
    ]);
  });

  it('accès : la page Journal est aux seuls administrateurs ; l’Historique d’une fiche à ceux qui la voient', async () => {
    for (const url of ['/api/admin/journal/get/list/by/filters', '/api/admin/journal/export']) {
      expect((await as(agent, 'GET', url)).statusCode).toBe(403);
      expect((await as(roleManager, 'GET', url)).statusCode).toBe(403);
      expect((await as(admin, 'GET', url)).statusCode).toBe(200);
    }
    const [id] = await seedInscriptions(t.app.db, [{ date: new Date() }]);
    const onlyRoles = await t.agent(['ROLE_ADMIN_ROLE']);
    expect((await as(agent, 'GET', `/api/admin/journal/inscription/${id}`)).statusCode).toBe(200);
    expect((await as(onlyRoles, 'GET', `/api/admin/journal/inscription/${id}`)).statusCode).toBe(403);
    expect((await as(onlyRoles, 'GET', '/api/admin/journal/get/list/by/filters')).statusCode).toBe(403);
    expect((await as(admin, 'GET', `/api/admin/journal/agent/${id}`)).statusCode).toBe(400);
    // Read only: no route edits or deletes a line.
    const writes = t.app.routeList.filter(
      (r) => r.url.includes('/journal') && r.method !== 'GET' && r.method !== 'HEAD',
    );
    expect(writes).toEqual([]);
  });

  it('Historique d’une offre : ses lignes, les plus récentes d’abord, et celles-là seules', async () => {
    const [id, other] = await seedInscriptions(t.app.db, [{ date: new Date() }, { date: new Date() }]);
    await as(agent, 'PUT', `/api/admin/inscription/update/${id}`, { statut: STATUT.valide });
    await as(agent, 'PUT', `/api/admin/inscription/update/${other}`, { statut: STATUT.valide });
    await as(admin, 'PUT', `/api/admin/inscription/update/${id}`, { statut: STATUT.archive });
    const res = await as(agent, 'GET', `/api/admin/journal/inscription/${id}`);
    expect(res.statusCode).toBe(200);
    const lignes = res.json().lignes;
    expect(lignes.map((l: { apres: { statut: string } }) => l.apres.statut)).toEqual(['Archivé', 'Validé']);
    expect(lignes[0]).toMatchObject({ agent: label(admin), entite: 'inscription', entiteId: id });
  });

  it('la table : filtres (action, entité, agent, période), recherche, tri, pages ; l’export suit', async () => {
    const [id] = await seedInscriptions(t.app.db, [{ date: new Date() }]);
    const before = await lastId();
    await as(admin, 'PUT', `/api/admin/inscription/update/${id}`, { statut: STATUT.valide });
    const list = async (query: object) => {
      const res = await as(admin, 'GET', `/api/admin/journal/get/list/by/filters?${qs.stringify(query)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { count: number; journal: { action: string; agent: string; entiteId: number }[] };
    };
    // The office's day of the line just written (the clock may pass midnight in between).
    const [written] = await linesSince(before);
    const today = parisDay(written.date);
    const mine = await list({
      filter: { action: 'inscription.statut', entite: 'inscription', agent: 'm.martin', du: today, au: today },
    });
    expect(mine.journal.length).toBeGreaterThan(0);
    expect(mine.journal.every((l) => l.action === 'inscription.statut' && l.agent === label(admin))).toBe(true);
    expect(mine.journal[0].entiteId).toBe(id);
    // A period before today holds none of today's lines.
    expect((await list({ filter: { au: '2020-01-01' } })).count).toBe(0);
    expect((await list({ filter: { du: '2020-01-01', entite: 'inscription', entiteId: id } })).count).toBe(1);
    // The search looks in the agent and the summary, accents and case aside.
    const search = await list({ search: `OFFRE N° ${id} :` });
    expect(search.journal.map((l) => l.entiteId)).toEqual([id]);
    // Logins of three agents and this admin's change at least: sorted by agent, one page.
    const byAgent = await list({ sort: { name: 'agent', direction: 'desc' }, rowsPerPage: 5 });
    expect(byAgent.count).toBeGreaterThan(3);
    const agents = byAgent.journal.map((l) => l.agent);
    expect(agents).toHaveLength(Math.min(5, byAgent.count));
    expect(agents).toEqual([...agents].sort().reverse());
    const unknownSort = await as(admin, 'GET', '/api/admin/journal/get/list/by/filters?sort[name]=resume');
    expect(unknownSort.statusCode).toBe(400);

    const mark = await lastId();
    const csv = await as(
      admin,
      'GET',
      `/api/admin/journal/export?${qs.stringify({ filter: { entite: 'inscription', entiteId: id } })}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('journal.csv');
    const [header, ...lines] = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r\n(?=\d)/);
    expect(header).toBe('Numéro;Date;Agent;Action;Code de l’action;Entité;Numéro de l’entité;Résumé;Avant;Après');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(
      `;Camille Test (m.martin);Statut d’une offre;inscription.statut;Offre de logement;${id};`,
    );
    expect(lines[0]).toContain(';Statut : En attente;Statut : Validé');
    // The export of the journal is itself in the journal.
    expect(
      await t.app.db
        .select({ action: journal.action })
        .from(journal)
        .where(and(gt(journal.id, mark), eq(journal.action, 'export.journal'))),
    ).toHaveLength(1);
  });
});
