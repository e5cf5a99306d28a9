import { RENOUVELLEMENT_LOT } from '@guichet/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.ts';
import { journal, mailOutbox, partenaires } from '../../db/schema.ts';
import { uploadedLogo, validPartenaire } from './partenaires.fixtures.ts';

const PUBLIC_URL = 'https://guichet.example.fr';
/** The partner's name as a mailbox: « Coché Alpha » → coche-alpha. */
const slug = (nom: string) =>
  nom
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\W+/g, '-');
const LINK = /https:\/\/guichet\.example\.fr\/update\/partenaire\/([A-Za-z0-9_-]+)/;

describe(`partenaires : campagne de renouvellement depuis la liste (${dbKind})`, () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let cookie: string;
  let logo: string;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await testApp({ SMTP_URL: peer.url, PUBLIC_URL });
    cookie = (await t.agent(['ROLE_USER'])).cookie;
    logo = await uploadedLogo(t.app);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const campaign = (payload: object, as = cookie) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/partenaires/renouvellement',
      headers: as ? { cookie: as } : {},
      payload,
    });
  const list = async (query: string) =>
    (await t.app.inject({ url: `/api/admin/partenaires/get/list/by/filters?${query}`, headers: { cookie } })).json();
  /** A registered partner (through the public form), then set by hand to a status, with or without a proposal. */
  async function partner(nom: string, set: { statut?: number; proposition?: boolean } = {}) {
    const mails = { mail: `${slug(nom)}@exemple.fr`, mailR: `direction.${slug(nom)}@exemple.fr` };
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/partenaire/add',
      payload: validPartenaire(logo, { nom, ...mails }),
    });
    expect(added.statusCode, added.body).toBe(200);
    const [{ id }] = await t.app.db.select({ id: partenaires.id }).from(partenaires).where(eq(partenaires.nom, nom));
    await t.app.db
      .update(partenaires)
      .set({
        statutId: set.statut ?? 2,
        actif: true,
        tempdata: set.proposition ? { ...validPartenaire(logo, { nom: `${nom} bis` }) } : null,
      })
      .where(eq(partenaires.id, id));
    // Its registration receipt goes now: the campaign's mails are counted apart from it.
    await t.mail.drain();
    return id;
  }
  /** Delivers the queued mail; the addresses each new mail went to, one entry per mail. */
  async function delivered(): Promise<string[][]> {
    const before = peer.received.length;
    await t.mail.drain();
    return peer.received.slice(before).map((m) => m.envelope.to.sort());
  }
  const tokenOf = (to: string) => {
    const mail = peer.received.findLast((m) => m.envelope.to.includes(to));
    const token = mail?.parsed.text?.match(LINK)?.[1];
    if (!token) throw new Error(`aucun lien pour ${to}`);
    return token;
  };
  const etat = async (id: number) =>
    (await list(`search=${encodeURIComponent('')}&rowsPerPage=100&filter[statut]=2`)).partenaires.find(
      (p: { id: number }) => p.id === id,
    )?.renouvellement;

  it('aux partenaires cochés : un mail chacun, sauf modifications en attente ou non validés ; une ligne de journal par envoi', async () => {
    const a = await partner('Coché Alpha');
    const b = await partner('Coché Bravo');
    const enAttente = await partner('Coché Charlie', { proposition: true });
    const nonValide = await partner('Coché Delta', { statut: 1 });
    const res = await campaign({ mode: 'ids', ids: [a, b, enAttente, nonValide, b] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      envoyes: 2,
      modificationsEnAttente: 1,
      nonValides: 1,
      introuvables: 0,
      suivant: null,
      restants: 0,
    });
    expect((await delivered()).sort()).toEqual([
      ['coche-alpha@exemple.fr', 'direction.coche-alpha@exemple.fr'],
      ['coche-bravo@exemple.fr', 'direction.coche-bravo@exemple.fr'],
    ]);
    const lines = await t.app.db
      .select({ entiteId: journal.entiteId, agent: journal.agent })
      .from(journal)
      .where(and(eq(journal.action, 'partenaire.renouvellement'), inArray(journal.entiteId, [a, b, enAttente])));
    expect(lines.map((l) => l.entiteId).sort()).toEqual([a, b].sort());
    expect(lines[0].agent).toMatch(/^Camille Test \(agent/);
    expect(await etat(a)).toBe('sansReponse');
    expect(await etat(enAttente)).toBe('jamais');
  });

  it('à tous les partenaires des filtres, par lots : le client rappelle avec `suivant` jusqu’à null', async () => {
    const ids: number[] = [];
    for (let i = 0; i < RENOUVELLEMENT_LOT + 3; i++)
      ids.push(await partner(`Lot Campagne ${String(i).padStart(2, '0')}`));
    const pending = await partner('Lot Campagne en attente', { proposition: true });
    const outside = await partner('Hors filtre Echo');
    const liste = { search: 'lot campagne', filter: { statut: ['2'] } };

    const first = await campaign({ mode: 'filtres', liste });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ envoyes: RENOUVELLEMENT_LOT, restants: 4 });
    const second = await campaign({ mode: 'filtres', liste, apres: first.json().suivant });
    expect(second.json()).toEqual({
      envoyes: 3,
      modificationsEnAttente: 1,
      nonValides: 0,
      introuvables: 0,
      suivant: null,
      restants: 0,
    });
    const sent = await delivered();
    expect(sent).toHaveLength(RENOUVELLEMENT_LOT + 3);
    expect(sent.flat()).not.toContain('hors-filtre-echo@exemple.fr');
    const rows = await t.app.db
      .select({ id: partenaires.id, token: partenaires.tokenHash })
      .from(partenaires)
      .where(inArray(partenaires.id, [...ids, pending, outside]));
    expect(rows.filter((r) => r.token !== null).map((r) => r.id)).toEqual(expect.arrayContaining(ids));
    expect(rows.filter((r) => r.token !== null)).toHaveLength(ids.length);
  });

  it('l’aperçu avant l’envoi : combien de partenaires la liste filtrée retient, combien de mails partiraient ; rien n’est envoyé', async () => {
    await partner('Aperçu Kilo un');
    await partner('Aperçu Kilo deux');
    await partner('Aperçu Kilo en attente', { proposition: true });
    await partner('Aperçu Kilo non validé', { statut: 1 });
    await partner('Hors aperçu Lima');
    const before = await t.app.db.$count(mailOutbox);
    const apercu = (query: string, as = cookie) =>
      t.app.inject({
        url: `/api/admin/partenaires/renouvellement/apercu?${query}`,
        headers: as ? { cookie: as } : {},
      });
    const all = await apercu('search=aper%C3%A7u%20kilo');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ partenaires: 4, courriels: 2 });
    // The list's own filters narrow it the same way.
    expect((await apercu('search=aper%C3%A7u%20kilo&filter[statut][]=1')).json()).toEqual({
      partenaires: 1,
      courriels: 0,
    });
    expect((await apercu('search=aper%C3%A7u%20kilo&filter[tempdata]=false')).json()).toEqual({
      partenaires: 3,
      courriels: 2,
    });
    expect((await apercu('filter[statut][]=abc')).statusCode).toBe(400);
    expect((await apercu('search=kilo', (await t.agent(['ROLE_ADMIN_ROLE'])).cookie)).statusCode).toBe(403);
    expect((await apercu('search=kilo', '')).statusCode).toBe(401);
    expect(await t.app.db.$count(mailOutbox)).toBe(before);
  });

  it('la réponse du partenaire : « Confirmé », « Modifié », « Sans réponse », « — » ; un nouvel envoi l’efface', async () => {
    const confirme = await partner('Réponse Confirme');
    const modifie = await partner('Réponse Modifie');
    const muet = await partner('Réponse Muet');
    const jamais = await partner('Réponse Jamais');
    expect((await campaign({ mode: 'ids', ids: [confirme, modifie, muet] })).json().envoyes).toBe(3);
    await delivered();

    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/partenaire/valid/infos/${confirme}`,
      payload: { token: tokenOf('reponse-confirme@exemple.fr') },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/partenaire/update/${modifie}`,
      payload: { ...validPartenaire(logo, { nom: 'Réponse Modifiée' }), token: tokenOf('reponse-modifie@exemple.fr') },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    expect(await etat(confirme)).toBe('confirme');
    expect(await etat(modifie)).toBe('modifie');
    expect(await etat(muet)).toBe('sansReponse');
    expect(await etat(jamais)).toBe('jamais');
    const [stored] = await t.app.db.select().from(partenaires).where(eq(partenaires.id, confirme));
    expect(Date.now() - (stored.renouvellementReponduLe?.getTime() ?? 0)).toBeLessThan(60_000);

    for (const [filtre, id] of [
      ['confirme', confirme],
      ['modifie', modifie],
      ['sansReponse', muet],
      ['jamais', jamais],
    ] as const) {
      const found = (await list(`search=${encodeURIComponent('réponse')}&filter[renouvellement]=${filtre}`))
        .partenaires;
      expect(
        found.map((p: { id: number }) => p.id),
        filtre,
      ).toEqual([id]);
    }

    // A new mail: the previous answer no longer stands.
    expect((await campaign({ mode: 'ids', ids: [confirme] })).json().envoyes).toBe(1);
    await delivered();
    expect(await etat(confirme)).toBe('sansReponse');
    const [again] = await t.app.db.select().from(partenaires).where(eq(partenaires.id, confirme));
    expect(again).toMatchObject({ renouvellementReponse: null, renouvellementReponduLe: null });
  });

  it('une demande invalide répond 400 et n’envoie rien', async () => {
    const id = await partner('Invalide Foxtrot');
    const before = await t.app.db.$count(mailOutbox);
    for (const body of [
      {},
      { ids: [id] },
      { mode: 'ids', ids: [] },
      { mode: 'ids', ids: [id, 'x'] },
      { mode: 'ids', ids: [id, 0] },
      { mode: 'ids', ids: Array.from({ length: RENOUVELLEMENT_LOT + 1 }, () => id) },
      { mode: 'filtres', liste: { filter: { statut: ['abc'] } } },
      { mode: 'filtres', liste: { filter: { renouvellement: 'peut-etre' } } },
      { mode: 'filtres', liste: {}, apres: -1 },
    ]) {
      const res = await campaign(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.app.db.$count(mailOutbox)).toBe(before);
    expect((await t.app.db.select().from(partenaires).where(eq(partenaires.id, id)))[0].tokenHash).toBeNull();
  });

  it('réservée aux agents du guichet : « Gestion des rôles » seul 403, sans session 401, rien n’est envoyé', async () => {
    const id = await partner('Accès Golf');
    const roles = (await t.agent(['ROLE_ADMIN_ROLE'])).cookie;
    const before = await t.app.db.$count(mailOutbox);
    expect((await campaign({ mode: 'ids', ids: [id] }, roles)).statusCode).toBe(403);
    expect((await campaign({ mode: 'ids', ids: [id] }, '')).statusCode).toBe(401);
    expect(await t.app.db.$count(mailOutbox)).toBe(before);
    const admin = (await t.agent(['ROLE_ADMIN'])).cookie;
    expect((await campaign({ mode: 'ids', ids: [id] }, admin)).json().envoyes).toBe(1);
  });
});
