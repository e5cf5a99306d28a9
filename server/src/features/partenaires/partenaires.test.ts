import { FIELD_MESSAGES, HONEYPOT_FIELD, MESSAGES, PARTENAIRE_MESSAGES, STATUT } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { categories, partenaires } from '../../db/schema.ts';
import { hashToken } from '../../platform/tokens.ts';
import { adminPut, register, uploadedLogo, validPartenaire } from './partenaires.fixtures.ts';

const PUBLIC_KEYS = ['id', 'idCategorie', 'lien', 'lienOffres', 'logo', 'nom', 'presentation'];

describe(`partenaires : inscription publique (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());
  const add = (payload: object) => t.app.inject({ method: 'POST', url: '/api/partenaire/add', payload });

  it('enregistre un partenaire en attente, inactif, du guichet, avec liens et ville normalisés', async () => {
    const logo = await uploadedLogo(t.app);
    const res = await add({
      ...validPartenaire(logo, { lien: '  velo-campus.fr  ', telephone: '03 25 00 00 01' }),
      // What the client may not decide is ignored.
      statut: 2,
      actif: true,
      tempdata: { nom: 'x' },
      tokenHash: 'a'.repeat(64),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: PARTENAIRE_MESSAGES.inscriptionEnregistree });
    const [stored] = await t.app.db.select().from(partenaires).where(eq(partenaires.logo, logo));
    expect(stored).toMatchObject({
      statutId: 1,
      actif: false,
      typePartenaire: 'guichet',
      nom: 'Vélo Campus',
      lien: 'https://velo-campus.fr',
      lienOffres: 'https://velo-campus.fr/etudiants',
      ville: 'TROYES',
      telephone: '0325000001',
      civiliteR: 'Madame',
      dateLastUpdate: null,
      tempdata: null,
      tokenHash: null,
      categorieId: null,
      filtreId: null,
    });
  });

  it('enregistre un partenaire du guichet logement (?desk=logement côté web) et refuse un autre type', async () => {
    const logo = await uploadedLogo(t.app);
    expect((await add({ ...validPartenaire(logo), typePartenaire: 'logement' })).statusCode).toBe(200);
    const [stored] = await t.app.db.select().from(partenaires).where(eq(partenaires.logo, logo));
    expect(stored.typePartenaire).toBe('logement');
    const bad = await add({ ...validPartenaire(logo), typePartenaire: 'autre' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { key: string }) => e.key)).toEqual(['typePartenaire']);
  });

  it('ignore un envoi qui remplit le champ piège (robot) : succès apparent, rien d’enregistré', async () => {
    const logo = await uploadedLogo(t.app);
    const before = await t.app.db.$count(partenaires);
    const res = await add({ ...validPartenaire(logo), [HONEYPOT_FIELD]: 'https://spam.example' });
    expect(await t.app.db.$count(partenaires)).toBe(before);
    const person = await add(validPartenaire(logo));
    expect(await t.app.db.$count(partenaires)).toBe(before + 1);
    // The robot gets the very bytes a person gets: nothing tells it was caught.
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(person.body);
    expect(res.json()).toEqual({ status: 'success', message: PARTENAIRE_MESSAGES.inscriptionEnregistree });
  });

  it('refuse un formulaire vide avec une erreur sous chaque champ, sans rien enregistrer', async () => {
    const before = await t.app.db.$count(partenaires);
    const res = await add({});
    expect(res.statusCode).toBe(400);
    const keys = res.json().errors.map((e: { key: string }) => e.key);
    expect(keys.sort()).toEqual(
      [
        'nom',
        'lien',
        'lienOffres',
        'presentation',
        'logo',
        'nomComplet',
        'adresse',
        'cp',
        'ville',
        'telephone',
        'mail',
        'civiliteR',
        'nomR',
        'prenomR',
        'fonctionR',
        'telephoneR',
        'mailR',
      ].sort(),
    );
    expect(res.json().errors.find((e: { key: string }) => e.key === 'nom').error).toBe('Ce champ est obligatoire.');
    expect(await t.app.db.$count(partenaires)).toBe(before);
  });

  it('refuse chaque valeur invalide sous son champ, en français', async () => {
    const logo = await uploadedLogo(t.app);
    const cases: [string, unknown, string][] = [
      ['cp', '1000', 'Veuillez saisir un code postal à 5 chiffres.'],
      ['cp', '100000', 'Veuillez saisir un code postal à 5 chiffres.'],
      ['telephone', '06123', FIELD_MESSAGES.telephone],
      ['telephoneR', '06123456789', FIELD_MESSAGES.telephone],
      ['telephone', '+32 2 123 45 67', FIELD_MESSAGES.telephone],
      ['presentation', 'é'.repeat(256), 'Ce champ ne doit pas dépasser 255 caractères.'],
      ['lien', 'javascript:alert(1)', 'Veuillez saisir une adresse web valide (http ou https).'],
      ['lienOffres', 'ftp://offres.fr', 'Veuillez saisir une adresse web valide (http ou https).'],
      ['lien', 'pas un lien', 'Veuillez saisir une adresse web valide (http ou https).'],
      ['civiliteR', 'Mademoiselle', 'Veuillez choisir Madame ou Monsieur.'],
      ['mail', 'contact@', 'Veuillez saisir une adresse de courriel valide.'],
      ['mailR', 'claire', 'Veuillez saisir une adresse de courriel valide.'],
      ['nom', '   ', 'Ce champ est obligatoire.'],
      ['nom', 'x'.repeat(151), 'Ce champ ne doit pas dépasser 150 caractères.'],
      ['logo', '../../etc/passwd', PARTENAIRE_MESSAGES.logoInconnu],
      ['logo', 'ffffffffffffffffffffffffffffffff.png', PARTENAIRE_MESSAGES.logoInconnu],
    ];
    const before = await t.app.db.$count(partenaires);
    for (const [key, value, error] of cases) {
      const res = await add({ ...validPartenaire(logo), [key]: value });
      expect(res.statusCode, `${key}=${value}`).toBe(400);
      expect(res.json().errors, `${key}=${value}`).toEqual([{ key, error }]);
    }
    expect(await t.app.db.$count(partenaires)).toBe(before);
    // 255 characters exactly are accepted.
    expect((await add({ ...validPartenaire(logo), presentation: 'é'.repeat(255) })).statusCode).toBe(200);
  });
});

describe(`partenaires : annuaire public (${dbKind})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await testApp();
    admin = (await t.agent(['ROLE_USER'])).cookie;
  });
  afterAll(() => t.close());
  const directory = async (query = '') => {
    const res = await t.app.inject({ url: `/api/partenaire/get/valid${query}` });
    expect(res.statusCode).toBe(200);
    return res.json() as Record<string, unknown>[];
  };

  it('ne montre que les partenaires au statut « Validé » ET actifs', async () => {
    const visible: string[] = [];
    for (const statut of [1, 2, 3, 4]) {
      for (const actif of [false, true]) {
        const nom = `Statut ${statut} ${actif ? 'actif' : 'inactif'}`;
        const id = await register(t.app, { nom });
        const res = await adminPut(t.app, admin, id, { statut, actif, categorie: 1, filtre: 1 });
        expect(res.statusCode, res.body).toBe(200);
        if (statut === STATUT.valide && actif) visible.push(nom);
      }
    }
    // Among this test's partners (the other tests publish theirs in the same directory, in any order).
    const names = (await directory()).map((p) => p.nom).filter((nom) => String(nom).startsWith('Statut '));
    expect(names).toEqual(visible);
    expect(names).toEqual(['Statut 2 actif']);
  });

  it('filtre par thème (filtres[]=…, ou filtres=… seul) et refuse un thème inconnu', async () => {
    const ids: Record<number, number> = {};
    for (const filtre of [3, 5, 7]) {
      ids[filtre] = await register(t.app, { nom: `Thème ${filtre}` });
      await adminPut(t.app, admin, ids[filtre], { statut: 2, actif: true, categorie: 2, filtre });
    }
    expect((await directory('?filtres[]=7')).map((p) => p.nom)).toEqual(['Thème 7']);
    expect((await directory('?filtres=7')).map((p) => p.nom)).toEqual(['Thème 7']);
    expect((await directory('?filtres[]=3&filtres[]=5')).map((p) => p.nom)).toEqual(['Thème 3', 'Thème 5']);
    expect(await directory('?filtres[]=10')).toEqual([]);
    expect((await directory()).length).toBeGreaterThanOrEqual(3);
    for (const q of ['?filtres[]=11', '?filtres=abc', '?filtres[]=0']) {
      expect((await t.app.inject({ url: `/api/partenaire/get/valid${q}` })).statusCode, q).toBe(400);
    }
  });

  it('sert l’annuaire avec un ETag (304 si inchangé) et le met à jour dès qu’un agent publie', async () => {
    const first = await t.app.inject({ url: '/api/partenaire/get/valid?filtres[]=6' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({
      url: '/api/partenaire/get/valid?filtres[]=6',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const id = await register(t.app, { nom: 'Publié à l’instant' });
    await adminPut(t.app, admin, id, { statut: 2, actif: true, categorie: 1, filtre: 6 });
    const after = await t.app.inject({
      url: '/api/partenaire/get/valid?filtres[]=6',
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().map((p: { nom: string }) => p.nom)).toContain('Publié à l’instant');
  });

  it('ne renvoie que les champs publics : ni mail, ni représentant, ni jeton, ni données en attente', async () => {
    const id = await register(t.app, { nom: 'Public seulement', mail: 'secret-contact@example.fr' });
    await adminPut(t.app, admin, id, { statut: 2, actif: true, categorie: 4, filtre: 4 });
    await t.app.db
      .update(partenaires)
      .set({ tokenHash: hashToken('jeton-secret'), tempdata: { nom: 'Proposition secrète' } })
      .where(eq(partenaires.id, id));
    const res = await t.app.inject({ url: '/api/partenaire/get/valid?filtres[]=4' });
    const [item] = res.json();
    expect(Object.keys(item).sort()).toEqual(PUBLIC_KEYS);
    expect(item).toMatchObject({ id, nom: 'Public seulement', idCategorie: 4, lien: 'https://velo-campus.fr' });
    for (const secret of ['secret-contact', 'claire.martin', 'Martin', '0612345678', 'Proposition secrète', 'token']) {
      expect(res.body).not.toContain(secret);
    }
    expect(res.body).not.toContain(hashToken('jeton-secret'));
  });
});

describe(`partenaires : fiche d’administration (${dbKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await testApp();
    cookie = (await t.agent(['ROLE_USER'])).cookie;
  });
  afterAll(() => t.close());
  const get = (id: number) => t.app.inject({ url: `/api/admin/partenaire/get/${id}`, headers: { cookie } });

  it('donne le partenaire avec statut/idStatut, categorie/idCategorie, filtre {id, tag}, sans jeton', async () => {
    const before = Date.now();
    const id = await register(t.app);
    const fresh = (await get(id)).json().partenaire;
    expect(fresh).toMatchObject({
      id,
      statut: 'En attente',
      idStatut: 1,
      categorie: null,
      idCategorie: null,
      filtre: null,
      actif: false,
      token: false,
      tokenSentAt: null,
      tempdata: null,
      dateLastUpdate: null,
      typePartenaire: 'guichet',
      ville: 'TROYES',
    });
    // Written at registration: between the moment the test sent it and now.
    expect(new Date(fresh.date).getTime()).toBeGreaterThanOrEqual(before);
    expect(new Date(fresh.date).getTime()).toBeLessThanOrEqual(Date.now());
    const [sport] = await t.app.db.select().from(categories).where(eq(categories.libelle, 'Sport'));
    expect(
      (await adminPut(t.app, cookie, id, { statut: 2, actif: true, categorie: sport.id, filtre: 6 })).json(),
    ).toEqual({ status: 'success', message: MESSAGES.enregistrementReussi });
    expect((await get(id)).json().partenaire).toMatchObject({
      statut: 'Validé',
      idStatut: 2,
      categorie: 'Sport',
      idCategorie: sport.id,
      filtre: { id: 6, tag: 'Faire du sport' },
      actif: true,
    });
  });

  it('répond 404 « Partenaire introuvable. » pour un identifiant inconnu', async () => {
    const res = await get(999999);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.partenaireIntrouvable);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/partenaire/update/999999',
      headers: { cookie },
      payload: { partenaire: { ...validPartenaire(await uploadedLogo(t.app)), statut: 1, actif: false } },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe(MESSAGES.partenaireIntrouvable);
    expect((await t.app.inject({ url: '/api/admin/partenaire/get/abc', headers: { cookie } })).statusCode).toBe(400);
  });

  it('enregistre tous les champs avec les mêmes règles que le formulaire public', async () => {
    const id = await register(t.app);
    const logo = await uploadedLogo(t.app, '#654321');
    const res = await adminPut(t.app, cookie, id, {
      nom: 'Vélo Campus Troyes',
      lien: 'www.velo-troyes.fr',
      ville: 'sainte-savine',
      logo,
    });
    expect(res.statusCode).toBe(200);
    expect((await get(id)).json().partenaire).toMatchObject({
      nom: 'Vélo Campus Troyes',
      lien: 'https://www.velo-troyes.fr',
      ville: 'SAINTE-SAVINE',
      logo,
    });
    const bad = await adminPut(t.app, cookie, id, { cp: 'abc', lien: 'javascript:alert(1)', statut: 9 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { key: string }) => e.key)
        .sort(),
    ).toEqual(['cp', 'lien', 'statut']);
    expect((await get(id)).json().partenaire.nom).toBe('Vélo Campus Troyes');
  });

  it('exige catégorie et filtre pour un partenaire validé, et refuse une catégorie, un filtre ou un logo inconnus', async () => {
    const id = await register(t.app);
    const noPlace = await adminPut(t.app, cookie, id, { statut: 2, actif: true, categorie: null, filtre: null });
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().errors).toEqual([
      { key: 'categorie', error: PARTENAIRE_MESSAGES.categorieObligatoire },
      { key: 'filtre', error: PARTENAIRE_MESSAGES.filtreObligatoire },
    ]);
    // Refused or pending partners need no placement.
    expect((await adminPut(t.app, cookie, id, { statut: 3, actif: false })).statusCode).toBe(200);
    const unknown = await adminPut(t.app, cookie, id, {
      categorie: 99999,
      filtre: 11,
      logo: 'ffffffffffffffffffffffffffffffff.png',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { key: 'categorie', error: PARTENAIRE_MESSAGES.categorieInconnue },
      { key: 'filtre', error: PARTENAIRE_MESSAGES.filtreInconnu },
      { key: 'logo', error: PARTENAIRE_MESSAGES.logoInconnu },
    ]);
    expect((await get(id)).json().partenaire).toMatchObject({ idStatut: 3, idCategorie: null });
  });

  it('refuse l’enregistrement tant que des modifications du partenaire attendent (409)', async () => {
    const id = await register(t.app);
    const proposal = validPartenaire((await get(id)).json().partenaire.logo, { nom: 'Proposé' });
    await t.app.db.update(partenaires).set({ tempdata: proposal }).where(eq(partenaires.id, id));
    const res = await adminPut(t.app, cookie, id, { nom: 'Autre' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PARTENAIRE_MESSAGES.modificationsEnAttente);
    expect((await get(id)).json().partenaire).toMatchObject({ nom: 'Vélo Campus', tempdata: { nom: 'Proposé' } });
  });
});

describe(`partenaires : droits d’accès (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  const calls: { method: 'GET' | 'PUT'; url: string; payload?: object }[] = [
    { method: 'GET', url: '/api/admin/partenaires/get/list/by/filters' },
    { method: 'GET', url: '/api/admin/partenaire/export' },
    { method: 'GET', url: '/api/admin/partenaire/get/1' },
    { method: 'PUT', url: '/api/admin/partenaire/update/1', payload: {} },
    { method: 'PUT', url: '/api/admin/partenaire/send/mail/update/1' },
    { method: 'PUT', url: '/api/admin/partenaire/valid/update/1', payload: {} },
    { method: 'PUT', url: '/api/admin/partenaire/reject/update/1' },
  ];

  it('401 sans session, 403 pour la seule gestion des rôles, accès pour ROLE_USER et ROLE_ADMIN', async () => {
    const id = await register(t.app);
    const roles = (await t.agent(['ROLE_ADMIN_ROLE'])).cookie;
    const user = (await t.agent(['ROLE_USER'])).cookie;
    const admin = (await t.agent(['ROLE_ADMIN'])).cookie;
    for (const c of calls) {
      const url = c.url.replace('/1', `/${id}`);
      const anonymous = await t.app.inject({ method: c.method, url, payload: c.payload });
      expect(anonymous.statusCode, `${c.method} ${url}`).toBe(401);
      expect(anonymous.json().message).toBe(MESSAGES.accesNonAutorise);
      const denied = await t.app.inject({ method: c.method, url, payload: c.payload, headers: { cookie: roles } });
      expect(denied.statusCode, `${c.method} ${url}`).toBe(403);
    }
    for (const cookie of [user, admin]) {
      const res = await t.app.inject({ url: `/api/admin/partenaire/get/${id}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
    }
    // Nothing changed through the refused calls.
    const [row] = await t.app.db.select().from(partenaires).where(eq(partenaires.id, id));
    expect(row).toMatchObject({ statutId: 1, tokenHash: null, tempdata: null });
  });
});

describe(`partenaires : limite par adresse des formulaires publics (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ PUBLIC_FORM_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('répond 429 en français au-delà de PUBLIC_FORM_RATE_LIMIT envois par minute', async () => {
    // Each form has its own count: the upload before does not use up the registrations.
    const logo = await uploadedLogo(t.app);
    const post = () => t.app.inject({ method: 'POST', url: '/api/partenaire/add', payload: validPartenaire(logo) });
    for (let i = 0; i < 3; i++) expect((await post()).statusCode).toBe(200);
    const fourth = await post();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(MESSAGES.tropDeRequetes);
    expect(await t.app.db.$count(partenaires)).toBe(3);
    // Reading the directory is not limited.
    for (let i = 0; i < 5; i++) {
      expect((await t.app.inject({ url: '/api/partenaire/get/valid' })).statusCode).toBe(200);
    }
  });
});
