import qs from 'qs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dbKind, testDatabase } from '../../test/harness.ts';
import { buildApp, loggerOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { agentsRepository } from '../features/auth/agents.repository.ts';
import { validInscription } from '../features/inscriptions/inscriptions.fixtures.ts';
import type { AppInstance } from '../platform/app-instance.ts';
import { loggableUrl } from '../platform/security-log.ts';

describe(`journaux sans secret (${dbKind})`, () => {
  const lines: string[] = [];
  let app: AppInstance;
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
    const config = loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '/nonexistent', PUBLIC_FORM_RATE_LIMIT: '0' });
    app = await buildApp({ config, database, logger: loggerOptions('info', { write: (l) => lines.push(l) }) });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('ne journalise ni le jeton personnel d’un partenaire ou d’un propriétaire, ni un cookie de session', async () => {
    const token = 'JETON-SECRET-0123456789abcdefghijklmnopqrstuv';
    await app.inject({ url: `/api/partenaire/get/one/by/${token}` });
    await app.inject({ url: `/update/partenaire/${token}?x=1` });
    await app.inject({ url: `/logement/${token}` });
    await app.inject({ method: 'POST', url: '/api/partenaire/valid/infos/1', payload: { token } });
    await app.inject({ url: '/api/user/get/current', headers: { cookie: 'sid=COOKIE-SECRET-42' } });
    const log = lines.join('\n');
    expect(log).toContain('/api/partenaire/get/one/by/[jeton]');
    expect(log).not.toContain(token);
    expect(log).not.toContain('COOKIE-SECRET-42');
  });

  const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  const events = (name: string) => entries().filter((e) => e.securite === name);
  const password = 'mot-de-passe-des-journaux';
  const login = async (username: string, pass = password) => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: pass } });
    const sid = res.cookies.find((c) => c.name === 'sid');
    return { res, cookie: `sid=${sid?.value}` };
  };
  const newAgent = (username: string, roles: string[]) =>
    agentsRepository.create(database.db, { username, password, prenom: 'Camille', nom: 'Journal', roles });

  describe('données personnelles et événements de sécurité', () => {
    beforeEach(() => {
      lines.length = 0;
    });

    it('ne garde de l’adresse que le chemin et les clés anodines (page, rowsPerPage, sort, annee)', () => {
      expect(loggableUrl('/api/admin/x?search=Dupont&page=2&rowsPerPage=20&sort[nom]=asc&filter[telephone]=0612')).toBe(
        '/api/admin/x?page=2&rowsPerPage=20&sort[nom]=asc',
      );
      expect(loggableUrl('/api/x?page=%3Cscript%3E')).toBe('/api/x');
      expect(loggableUrl('/api/x?%E0=1')).toBe('/api/x');
      expect(loggableUrl('/api/x')).toBe('/api/x');
      // Escaped keys and `+` are read as a query is; a value stops at its second `=`.
      expect(loggableUrl('/api/x?sort%5Bnom%5D=asc&page=1+2&annee=2026=x&rowsPerPage')).toBe(
        '/api/x?sort[nom]=asc&annee=2026&rowsPerPage=',
      );
    });

    it('écrit une ligne par requête, quand sa réponse est partie : méthode, adresse, statut, durée', async () => {
      await app.inject({ url: '/api/params/get/all' });
      await app.inject({ url: '/api/partenaire/get/valid?filtres[]=3' });
      const requests = entries().filter((e) => e.req);
      expect(requests).toEqual([
        expect.objectContaining({
          msg: 'request completed',
          req: expect.objectContaining({ method: 'GET', url: '/api/params/get/all' }),
          res: { statusCode: 200 },
          responseTime: expect.any(Number),
        }),
        expect.objectContaining({ req: expect.objectContaining({ url: '/api/partenaire/get/valid' }) }),
      ]);
    });

    it('n’écrit pas les champs de l’assistant vérifiés par GET (nom, téléphone, courriel, adresse)', async () => {
      const { proprietaire } = validInscription();
      const query = qs.stringify({
        proprietaire: { ...proprietaire, nom: 'Lefebvre-Journal', adresse: '7 impasse Secrète' },
      });
      const res = await app.inject({ url: `/api/inscription/proprietaire/validate?${query}` });
      expect(res.statusCode).toBeLessThan(500);
      const log = lines.join('\n');
      expect(log).toContain('"url":"/api/inscription/proprietaire/validate"');
      for (const secret of ['Lefebvre', 'Secr', proprietaire.telephone, 'jp.dupont', 'example.fr']) {
        expect(log).not.toContain(secret);
      }
    });

    it('journalise une recherche d’agent sans ses termes, avec l’id de l’agent sur chaque ligne', async () => {
      const id = await newAgent('journal.recherche', ['ROLE_USER']);
      const { cookie } = await login('journal.recherche');
      lines.length = 0;
      const res = await app.inject({
        url: '/api/admin/inscriptions/get/list/by/filters?search=Dupont-Recherche&page=0&rowsPerPage=10&sort[name]=date&sort[direction]=desc',
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const log = lines.join('\n');
      expect(log).not.toContain('Dupont-Recherche');
      expect(log).toContain(
        '/api/admin/inscriptions/get/list/by/filters?page=0&rowsPerPage=10&sort[name]=date&sort[direction]=desc',
      );
      const completed = entries().find((e) => e.msg === 'request completed');
      expect(completed?.agentId).toBe(id);
      // As written: the request's id then the agent's, each once (JSON.parse keeps one of two).
      const raw = lines.find((l) => l.includes('"request completed"')) ?? '';
      expect(raw.match(/"reqId":/g)).toHaveLength(1);
      expect(raw.match(/"agentId":/g)).toHaveLength(1);
      expect(raw.indexOf('"reqId":')).toBeLessThan(raw.indexOf('"agentId":'));
    });

    it('garde son niveau à une route qui en déclare un (santé : avertissements seulement)', async () => {
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/params/get/all' })).statusCode).toBe(200);
      const urls = entries().flatMap((e) => (e.msg === 'request completed' ? [(e.req as { url: string }).url] : []));
      expect(urls).toEqual(['/api/params/get/all']);
    });

    it('journalise connexion réussie, échouée et bloquée, sans identifiant tapé ni mot de passe', async () => {
      const id = await newAgent('journal.connexion', ['ROLE_USER']);
      expect((await login('journal.connexion')).res.statusCode).toBe(200);
      expect(events('connexion_reussie')).toEqual([expect.objectContaining({ agentId: id, level: 30 })]);
      for (let i = 0; i < 5; i++) await login('journal.connexion', 'Mauvais-Secret-123');
      await login('inconnu.journal', 'Mauvais-Secret-123');
      expect(events('connexion_echouee').filter((e) => e.agentId === id)).toHaveLength(5);
      expect(events('connexion_echouee').filter((e) => e.agentId === undefined)).toHaveLength(1);
      expect((await login('journal.connexion')).res.statusCode).toBe(429);
      expect(events('connexion_bloquee')).toHaveLength(1);
      const log = lines.join('\n');
      expect(log).not.toContain('Mauvais-Secret-123');
      expect(log).not.toContain(password);
      expect(log).not.toContain('inconnu.journal');
    });

    it('journalise les 401 et 403, l’export de données personnelles et l’action groupée sur les étudiants', async () => {
      const id = await newAgent('journal.agent', ['ROLE_USER']);
      const { cookie } = await login('journal.agent');
      lines.length = 0;
      await app.inject({ url: '/api/admin/inscriptions/export' });
      await app.inject({ url: '/api/admin/role/get/list/by/filters?page=0&rowsPerPage=10', headers: { cookie } });
      expect(events('acces_refuse')).toEqual([
        expect.objectContaining({ status: 401, route: 'GET /api/admin/inscriptions/export' }),
        expect.objectContaining({ status: 403, agentId: id }),
      ]);

      const exported = await app.inject({
        url: '/api/admin/inscriptions/export?search=Secret-Export',
        headers: { cookie },
      });
      expect(exported.statusCode).toBe(200);
      expect(events('export_donnees')).toEqual([
        expect.objectContaining({ agentId: id, fichier: 'inscriptions_logement.csv', resultat: 'complet', lignes: 0 }),
      ]);

      const bulk = await app.inject({
        method: 'PUT',
        url: '/api/admin/etudiants/update',
        headers: { cookie },
        payload: { selection: [987654], action: 'refuser' },
      });
      expect(bulk.statusCode).toBe(404);
      expect(events('action_groupee_etudiants')).toEqual([
        expect.objectContaining({
          agentId: id,
          action: 'refuser',
          demandes: [987654],
          resultat: 'refuse',
          status: 404,
        }),
      ]);
      expect(lines.join('\n')).not.toContain('Secret-Export');
    });

    it('journalise un changement de rôle : qui, quel rôle, quels agents, le résultat', async () => {
      const id = await newAgent('journal.roles', ['ROLE_ADMIN_ROLE']);
      // Another agent: a role manager may not add itself to a role (roles.service.ts).
      const other = await newAgent('journal.collegue', []);
      const { cookie } = await login('journal.roles');
      const roles = (
        await app.inject({ url: '/api/admin/role/get/list/by/filters?page=0&rowsPerPage=10', headers: { cookie } })
      ).json();
      const role = roles.roles.find((r: { libelle: string }) => r.libelle === 'Agent');
      lines.length = 0;
      const res = await app.inject({
        method: 'PUT',
        url: `/api/admin/role/update/${role.id}`,
        headers: { cookie },
        payload: { agents: [other] },
      });
      expect(res.statusCode).toBe(200);
      expect(events('roles_modifies')).toEqual([
        expect.objectContaining({ agentId: id, roleId: role.id, agents: [other], resultat: 'effectue' }),
      ]);
    });
  });
});
