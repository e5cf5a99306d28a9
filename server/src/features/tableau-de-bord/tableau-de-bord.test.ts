import { MESSAGES, SEMAINES_TABLEAU_DE_BORD, type Semaine, STATUT } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { agents, etudiants, inscriptionEvenements, inscriptions, mailOutbox, partenaires } from '../../db/schema.ts';
import { seedInscriptions } from '../inscriptions/inscriptions.fixtures.ts';
import { tableauDeBord } from './tableau-de-bord.service.ts';

/** A stored partner, every column a registration fills. */
const partner = (over: Partial<typeof partenaires.$inferInsert> & { date: Date }) => ({
  nom: `Partenaire ${Math.random().toString(36).slice(2, 8)}`,
  lien: 'https://exemple.fr',
  lienOffres: 'https://exemple.fr/offres',
  presentation: 'Présentation.',
  logo: 'logo.png',
  nomComplet: 'Partenaire',
  adresse: '1 rue de la Paix',
  cp: '10000',
  ville: 'TROYES',
  telephone: '0325000000',
  mail: 'contact@exemple.fr',
  civiliteR: 'Mme',
  nomR: 'DURAND',
  prenomR: 'Alice',
  fonctionR: 'Directrice',
  telephoneR: '0325000001',
  mailR: 'alice@exemple.fr',
  ...over,
});
const student = (date: Date, statutId: number = STATUT.enAttente) => ({
  email: `e${Math.random().toString(36).slice(2, 8)}@exemple.fr`,
  cp: '10000',
  ville: 'TROYES',
  ecole: 'UTT',
  statutId,
  date,
});
let mails = 0;
const mail = (status: string, createdAt: Date, sentAt: Date | null = null) => ({
  messageId: `<m${++mails}@test>`,
  to: 'x@exemple.fr',
  subject: 'Objet',
  text: 't',
  html: 'h',
  status,
  createdAt,
  sentAt,
});

const at = (iso: string) => new Date(iso);
const week = (rows: Semaine[], monday: string) => rows.find((r) => r.semaine === monday);
const sum = (rows: Semaine[], key: keyof Omit<Semaine, 'semaine'>) => rows.reduce((n, r) => n + r[key], 0);

describe(`tableau de bord (${dbKind})`, () => {
  let t: TestApp;
  let agent: { cookie: string; id: number };
  beforeAll(async () => {
    t = await testApp();
    agent = await t.agent(['ROLE_USER']);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    const db = t.database.db;
    await db.delete(mailOutbox);
    await db.delete(inscriptions);
    await db.delete(etudiants);
    await db.delete(partenaires);
  });
  const db = () => t.database.db;
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  /**
   * A Wednesday morning (10:00 UTC, 11:00 in Paris). Weeks are Paris weeks: the chart's last one
   * starts Monday 16 March 2026, its first one 52 weeks earlier, Monday 17 March 2025.
   */
  const NOW = at('2026-03-18T10:00:00Z');

  async function seedKnownRows() {
    const [a, b, c, d] = await seedInscriptions(db(), [
      { date: at('2026-03-01T09:00:00Z'), statut: STATUT.enAttente }, // 17 days, week of 23 Feb
      // Sunday 23:30 in Paris (22:30 UTC): still the week of Monday 9 March.
      { date: at('2026-03-15T22:30:00Z'), statut: STATUT.enAttente },
      // Monday 01:30 in Paris (00:30 UTC): the week of 16 March.
      { date: at('2026-03-16T00:30:00Z'), statut: STATUT.valide },
      // Waiting for 366 days: before the charts' first week.
      { date: at('2025-03-16T12:00:00Z'), statut: STATUT.enAttente },
    ]);
    await db()
      .insert(etudiants)
      .values([
        student(at('2026-03-10T10:00:00Z')), // 8 days
        student(at('2026-03-17T10:00:00Z')), // 1 day
        student(at('2026-01-05T10:00:00Z'), STATUT.refuse),
      ]);
    await db()
      .insert(partenaires)
      .values([
        partner({ date: at('2026-03-12T10:00:00Z') }), // registration waiting 6 days
        // Changes proposed 16 days ago by a partner registered last June (Monday 2 June 2025).
        partner({
          date: at('2025-06-02T10:00:00Z'),
          statutId: STATUT.valide,
          tempdata: { nom: 'Nouveau nom' },
          renouvellementReponse: 'modifie',
          renouvellementReponduLe: at('2026-03-02T10:00:00Z'),
        }),
        partner({ date: at('2025-06-03T10:00:00Z'), statutId: STATUT.valide }),
      ]);
    await db()
      .insert(mailOutbox)
      .values([
        mail('sent', at('2026-03-17T07:00:00Z'), at('2026-03-17T08:00:00Z')),
        // Queued Sunday evening, sent Monday morning: counted in the week it left.
        mail('sent', at('2026-03-15T20:00:00Z'), at('2026-03-16T06:00:00Z')),
        mail('failed', at('2026-03-03T08:00:00Z')),
        mail('pending', at('2026-03-18T09:00:00Z')),
      ]);
    await db()
      .insert(inscriptionEvenements)
      .values([
        { inscriptionId: c, type: 'confirmee', date: at('2026-03-16T09:00:00Z') },
        { inscriptionId: c, type: 'confirmee', date: at('2026-03-17T09:00:00Z') },
        { inscriptionId: d, type: 'expiree', date: at('2025-12-01T09:00:00Z') },
        { inscriptionId: a, type: 'relance', date: at('2026-03-02T09:00:00Z') },
        { inscriptionId: b, type: 'recue', date: at('2026-03-15T22:30:00Z') },
      ]);
  }

  it('compte ce qui attend, l’âge du plus ancien et ce qui attend depuis plus de AGEING_DAYS jours', async () => {
    await seedKnownRows();
    const board = await tableauDeBord(db(), NOW, 7);
    expect(board.ageingDays).toBe(7);
    expect(board.attente).toEqual({
      inscriptions: { total: 3, plusAncienJours: 366, enRetard: 2 },
      partenaires: { total: 1, plusAncienJours: 6, enRetard: 0 },
      modificationsPartenaires: { total: 1, plusAncienJours: 16, enRetard: 1 },
      etudiants: { total: 2, plusAncienJours: 8, enRetard: 1 },
    });
    // Another threshold: the 8-day-old request is no longer late.
    const ten = await tableauDeBord(db(), NOW, 10);
    expect(ten.attente.etudiants).toEqual({ total: 2, plusAncienJours: 8, enRetard: 0 });
    expect(ten.attente.inscriptions.enRetard).toBe(2);
  });

  it('rien en attente : zéro et aucun âge', async () => {
    const board = await tableauDeBord(db(), NOW, 7);
    for (const a of Object.values(board.attente)) expect(a).toEqual({ total: 0, plusAncienJours: null, enRetard: 0 });
    expect(board.semaines).toHaveLength(SEMAINES_TABLEAU_DE_BORD);
    expect(board.semaines.every((s) => Object.values(s).every((v) => typeof v === 'string' || v === 0))).toBe(true);
  });

  it('donne chaque semaine (lundi, heure de Paris) des douze derniers mois, les semaines vides à zéro', async () => {
    await seedKnownRows();
    const { semaines } = await tableauDeBord(db(), NOW, 7);
    expect(semaines).toHaveLength(53);
    expect(semaines[0].semaine).toBe('2025-03-17');
    expect(semaines.at(-1)?.semaine).toBe('2026-03-16');
    // Consecutive Mondays, none missing.
    for (let i = 1; i < semaines.length; i++) {
      expect(new Date(semaines[i].semaine).getTime() - new Date(semaines[i - 1].semaine).getTime()).toBe(
        7 * 86_400_000,
      );
    }
    expect(week(semaines, '2026-02-23')).toMatchObject({ inscriptions: 1 });
    expect(week(semaines, '2026-03-09')).toMatchObject({ inscriptions: 1, etudiants: 1, partenaires: 1 });
    expect(week(semaines, '2026-03-16')).toMatchObject({
      inscriptions: 1,
      etudiants: 1,
      courrielsEnvoyes: 2,
      offresConfirmees: 2,
    });
    expect(week(semaines, '2026-01-05')).toMatchObject({ etudiants: 1 });
    expect(week(semaines, '2025-06-02')).toMatchObject({ partenaires: 2 });
    expect(week(semaines, '2026-03-02')).toMatchObject({ courrielsEchoues: 1, courrielsEnvoyes: 0 });
    expect(week(semaines, '2025-12-01')).toMatchObject({ offresExpirees: 1 });
    // The offer of 16 March 2025 falls before the first week; the pending mail and other events count nowhere.
    expect(sum(semaines, 'inscriptions')).toBe(3);
    expect(sum(semaines, 'etudiants')).toBe(3);
    expect(sum(semaines, 'partenaires')).toBe(3);
    expect(sum(semaines, 'courrielsEnvoyes')).toBe(2);
    expect(sum(semaines, 'courrielsEchoues')).toBe(1);
    expect(sum(semaines, 'offresConfirmees')).toBe(2);
    expect(sum(semaines, 'offresExpirees')).toBe(1);
    expect(week(semaines, '2025-12-08')).toEqual({
      semaine: '2025-12-08',
      inscriptions: 0,
      partenaires: 0,
      etudiants: 0,
      courrielsEnvoyes: 0,
      courrielsEchoues: 0,
      offresConfirmees: 0,
      offresExpirees: 0,
    });
  });

  it('GET /api/admin/tableau-de-bord : 401 sans session, 403 pour la seule gestion des rôles, les chiffres pour Agent et Administrateur', async () => {
    await seedKnownRows();
    const url = '/api/admin/tableau-de-bord';
    expect((await get(url)).statusCode).toBe(401);
    const roles = await t.agent(['ROLE_ADMIN_ROLE']);
    const refused = await get(url, roles.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.accesNonAutorise);
    for (const cookie of [agent.cookie, (await t.agent(['ROLE_ADMIN'])).cookie]) {
      const res = await get(url, cookie);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.ageingDays).toBe(7);
      expect(body.semaines).toHaveLength(53);
      // Totals do not depend on today's date; ages do (checked above at a fixed date).
      expect(body.attente.inscriptions.total).toBe(3);
      expect(body.attente.partenaires.total).toBe(1);
      expect(body.attente.modificationsPartenaires.total).toBe(1);
      expect(body.attente.etudiants.total).toBe(2);
      expect(body.attente.inscriptions.enRetard).toBe(3);
    }
  });

  it('AGEING_DAYS règle le seuil du tableau de bord et des notifications', async () => {
    const other = await testApp({ AGEING_DAYS: '30' });
    try {
      const { cookie } = await other.agent(['ROLE_USER']);
      const board = await other.app.inject({ method: 'GET', url: '/api/admin/tableau-de-bord', headers: { cookie } });
      expect(board.json().ageingDays).toBe(30);
      const bell = await other.app.inject({ method: 'GET', url: '/api/admin/notifications', headers: { cookie } });
      expect(bell.json().ageingDays).toBe(30);
    } finally {
      await other.close();
    }
  });

  describe('notifications', () => {
    const bell = async (cookie: string) => {
      const res = await get('/api/admin/notifications', cookie);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const seen = (cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/admin/notifications/vues', headers: { cookie } });

    it('compte ce qui attend arrivé depuis la dernière consultation ; le compteur repart à zéro une fois vues', async () => {
      const me = await t.agent(['ROLE_USER']);
      // The account was opened an hour ago; everything below came in since, before now.
      const created = new Date(Date.now() - 3_600_000);
      await db().update(agents).set({ createdAt: created }).where(eq(agents.id, me.id));
      const later = (ms: number) => new Date(created.getTime() + ms);
      await seedInscriptions(db(), [
        { date: later(1000), statut: STATUT.enAttente },
        { date: later(2000), statut: STATUT.valide }, // already handled: not waiting
        { date: at('2020-01-06T10:00:00Z'), statut: STATUT.enAttente }, // before the agent existed
      ]);
      await db()
        .insert(etudiants)
        .values([student(later(1000)), student(later(1500))]);
      await db()
        .insert(partenaires)
        .values([
          partner({ date: later(1000) }),
          // Old partner, changes proposed now: new.
          partner({
            date: at('2024-01-01T10:00:00Z'),
            statutId: STATUT.valide,
            tempdata: { nom: 'X' },
            renouvellementReponduLe: later(1200),
          }),
        ]);
      expect(await bell(me.cookie)).toMatchObject({
        ageingDays: 7,
        depuis: null,
        total: 5,
        inscriptions: 1,
        partenaires: 2,
        etudiants: 2,
      });

      const res = await seen(me.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ total: 0, inscriptions: 0, partenaires: 0, etudiants: 0 });
      const depuis = new Date(res.json().depuis);
      expect(depuis.getTime()).toBeGreaterThan(created.getTime());
      expect(await bell(me.cookie)).toMatchObject({ total: 0, depuis: res.json().depuis });

      // A request after the look counts; another agent's count is its own.
      await db()
        .insert(etudiants)
        .values([student(new Date(depuis.getTime() + 1000))]);
      expect(await bell(me.cookie)).toMatchObject({ total: 1, etudiants: 1 });
      // The colleague has never looked: counted since its account opened (this test's beginning).
      expect(await bell(agent.cookie)).toMatchObject({ depuis: null, total: 1, etudiants: 1 });
      // Handled by a colleague: no longer new.
      await db().update(etudiants).set({ statutId: STATUT.valide });
      expect(await bell(me.cookie)).toMatchObject({ total: 0 });
    });

    it('401 sans session, 403 pour la seule gestion des rôles (aucune cloche pour elle)', async () => {
      expect((await get('/api/admin/notifications')).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/notifications/vues' })).statusCode).toBe(401);
      const roles = await t.agent(['ROLE_ADMIN_ROLE']);
      expect((await get('/api/admin/notifications', roles.cookie)).statusCode).toBe(403);
      expect((await seen(roles.cookie)).statusCode).toBe(403);
      const mark = await db().select({ v: agents.notificationsVuesLe }).from(agents).where(eq(agents.id, roles.id));
      expect(mark[0].v).toBeNull();
    });
  });

  describe('listes : « En attente depuis plus de N jours »', () => {
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    const list = async (path: string, query: string) => {
      const res = await get(`/api/admin/${path}/get/list/by/filters?rowsPerPage=100&${query}`, agent.cookie);
      expect(res.statusCode).toBe(200);
      return res.json();
    };

    it('les offres et les demandes étudiantes : en attente et arrivées il y a plus de N jours', async () => {
      const [old, , , oldOther] = await seedInscriptions(db(), [
        { date: daysAgo(30), statut: STATUT.enAttente },
        { date: daysAgo(2), statut: STATUT.enAttente },
        { date: daysAgo(30), statut: STATUT.valide },
        { date: daysAgo(8), statut: STATUT.enAttente },
      ]);
      const ids = (body: { inscriptions: { id: number }[] }) => body.inscriptions.map((r) => r.id).sort();
      expect(ids(await list('inscriptions', 'filter[attente]=7'))).toEqual([old, oldOther].sort());
      expect(ids(await list('inscriptions', 'filter[attente]=10'))).toEqual([old]);
      expect((await list('inscriptions', '')).count).toBe(4);

      const rows = await db()
        .insert(etudiants)
        .values([student(daysAgo(9)), student(daysAgo(1)), student(daysAgo(20), STATUT.refuse)])
        .returning({ id: etudiants.id });
      const etu = await list('etudiants', 'filter[attente]=7');
      expect(etu.etudiants.map((r: { id: number }) => r.id)).toEqual([rows[0].id]);
      expect(etu.count).toBe(1);
    });

    it('les partenaires : une inscription en attente ou des modifications proposées depuis plus de N jours', async () => {
      const rows = await db()
        .insert(partenaires)
        .values([
          partner({ nom: 'Inscription ancienne', date: daysAgo(12) }),
          partner({ nom: 'Inscription récente', date: daysAgo(3) }),
          partner({
            nom: 'Modification ancienne',
            date: daysAgo(400),
            statutId: STATUT.valide,
            tempdata: { nom: 'X' },
            renouvellementReponduLe: daysAgo(9),
          }),
          partner({
            nom: 'Modification récente',
            date: daysAgo(400),
            statutId: STATUT.valide,
            tempdata: { nom: 'Y' },
            renouvellementReponduLe: daysAgo(1),
          }),
          partner({ nom: 'Validé ancien', date: daysAgo(400), statutId: STATUT.valide }),
        ])
        .returning({ id: partenaires.id, nom: partenaires.nom });
      const body = await list('partenaires', 'filter[attente]=7&sort[name]=nom');
      expect(body.partenaires.map((r: { nom: string }) => r.nom)).toEqual([
        'Inscription ancienne',
        'Modification ancienne',
      ]);
      // Each row says since when it waits: the proposal's date, the registration's, or nothing.
      const all = await list('partenaires', 'sort[name]=nom');
      const since = Object.fromEntries(
        all.partenaires.map((r: { nom: string; enAttenteDepuis: string | null }) => [r.nom, r.enAttenteDepuis]),
      );
      expect(new Date(since['Modification ancienne']).getTime()).toBeCloseTo(daysAgo(9).getTime(), -5);
      expect(new Date(since['Inscription récente']).getTime()).toBeCloseTo(daysAgo(3).getTime(), -5);
      expect(since['Validé ancien']).toBeNull();
      expect(rows).toHaveLength(5);
    });

    it('refuse un nombre de jours invalide (400 en français)', async () => {
      for (const value of ['0', 'sept', '400']) {
        const res = await get(`/api/admin/etudiants/get/list/by/filters?filter[attente]=${value}`, agent.cookie);
        expect(res.statusCode).toBe(400);
        expect(res.body).toContain('Nombre de jours invalide.');
      }
    });
  });
});
