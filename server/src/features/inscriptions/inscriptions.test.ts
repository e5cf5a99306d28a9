import {
  CHAUFFAGES,
  EQUIPEMENTS,
  ETAGES,
  FIELD_MESSAGES,
  HONEYPOT_FIELD,
  INFOS_LOGEMENT,
  LOYERS,
  MESSAGES,
  PROXIMITES,
  SURFACES,
  TYPES_LOGEMENT,
  TYPES_PARKING,
} from '@guichet/contract';
import { eq, sql } from 'drizzle-orm';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { inscriptions } from '../../db/schema.ts';
import { validInscription } from './inscriptions.fixtures.ts';

const OBLIGATOIRE = FIELD_MESSAGES.obligatoire;

describe(`inscriptions des propriétaires : l'assistant public (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  const validateOwner = (fields: Record<string, unknown>) =>
    t.app.inject({ url: `/api/inscription/proprietaire/validate?${qs.stringify(fields)}` });
  const validateHousing = (fields: Record<string, unknown>) =>
    t.app.inject({ url: `/api/inscription/logement/validate?${qs.stringify(fields)}` });
  const owner = (changes: Record<string, unknown> = {}) => ({ ...validInscription().proprietaire, ...changes });
  const housing = (changes: Record<string, unknown> = {}) => ({ ...validInscription().logement, ...changes });
  const without = (o: Record<string, unknown>, key: string) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
  const rowCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(inscriptions))[0].n;

  describe('étape « Propriétaire »', () => {
    it('répond 200 { status: success, errors: [] } pour un propriétaire complet', async () => {
      const res = await validateOwner(owner());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', errors: [] });
    });

    it.each(['nom', 'prenom', 'telephone', 'email', 'adresse', 'cp', 'ville'])('exige %s', async (key) => {
      for (const fields of [without(owner(), key), owner({ [key]: '' }), owner({ [key]: '   ' })]) {
        const res = await validateOwner(fields);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ status: 'error', errors: [{ key, error: OBLIGATOIRE }] });
      }
    });

    it('liste toutes les erreurs d’un coup, chacune sous son champ', async () => {
      const res = await validateOwner({});
      expect(res.statusCode).toBe(400);
      expect(
        res
          .json()
          .errors.map((e: { key: string }) => e.key)
          .sort(),
      ).toEqual(['adresse', 'cp', 'email', 'nom', 'prenom', 'telephone', 'ville'].sort());
    });

    it.each([
      ['telephone', '061234567', FIELD_MESSAGES.telephone],
      ['telephone', '06 1234567', FIELD_MESSAGES.telephone],
      ['telephone', 'abcdefghij', FIELD_MESSAGES.telephone],
      ['cp', '1000', FIELD_MESSAGES.cp],
      ['cp', '1000A', FIELD_MESSAGES.cp],
      ['email', 'pas-une-adresse', FIELD_MESSAGES.email],
      ['email', 'a@b', FIELD_MESSAGES.email],
    ])('refuse le format de %s « %s »', async (key, value, error) => {
      const res = await validateOwner(owner({ [key]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ key, error }]);
    });

    it.each([
      ['nom', 100, 'N'],
      ['prenom', 100, 'p'],
      ['email', 180, 'm'],
      ['adresse', 255, 'a'],
      ['cp', 5, '1'],
      ['ville', 100, 'V'],
    ] as const)('limite %s à %i caractères', async (key, max, char) => {
      const at = key === 'email' ? `${'m'.repeat(max - 11)}@example.fr` : char.repeat(max);
      expect(at.length).toBe(max);
      expect((await validateOwner(owner({ [key]: at }))).json().errors ?? []).not.toContainEqual(
        expect.objectContaining({ error: FIELD_MESSAGES.tropLong(max) }),
      );
      const res = await validateOwner(owner({ [key]: `${char}${at}` }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ key, error: FIELD_MESSAGES.tropLong(max) }]);
    });
  });

  describe('étape « Logement »', () => {
    it('répond 200 pour un logement complet, oui/non reçus en « true »/« false »', async () => {
      const res = await validateHousing(housing({ ascenceur: 'true', localVelo: 'false' }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', errors: [] });
    });

    const enumerations: [string, readonly string[]][] = [
      ['proximite', PROXIMITES],
      ['type', TYPES_LOGEMENT],
      ['colocation', ['Oui', 'Non']],
      ['immeuble', ['Oui', 'Non']],
      ['etage', ETAGES],
      ['surface', SURFACES],
      ['chauffage', CHAUFFAGES],
      ['loyer', LOYERS],
      ['equipement', EQUIPEMENTS],
      ['infoLogement', INFOS_LOGEMENT],
      ['parking', ['Oui', 'Non']],
      ['typeParking', TYPES_PARKING],
      ['caf', ['Oui', 'Non']],
    ];

    it('offre exactement les valeurs de la spécification', () => {
      expect(SURFACES).toEqual([
        'Moins de 15 m²',
        'Entre 15 et 20 m²',
        'Entre 20 et 25 m²',
        'Entre 25 et 30 m²',
        'Entre 30 et 35 m²',
        'Entre 35 et 40 m²',
        'Plus de 40 m²',
      ]);
      expect(LOYERS).toEqual([
        'Moins de 200 euros',
        'Entre 200 et 250 euros',
        'Entre 250 et 300 euros',
        'Entre 300 et 350 euros',
        'Entre 350 et 400 euros',
        'Entre 400 et 450 euros',
        'Plus de 450 euros',
      ]);
      expect(PROXIMITES).toHaveLength(6);
      expect(ETAGES).toEqual(['RDC', '1er étage', '2ème étage', '3ème étage', '4ème étage et plus']);
    });

    it.each(enumerations)('accepte chaque valeur de %s et refuse toute autre', async (key, values) => {
      // etage and typeParking are asked for only under immeuble / parking "Oui" (the base has both).
      for (const value of values) {
        const res = await validateHousing(housing({ [key]: value }));
        expect(res.statusCode, `${key} = ${value}`).toBe(200);
      }
      for (const value of ['Autre valeur', values[0].toUpperCase() === values[0] ? 'x' : values[0].toUpperCase()]) {
        const res = await validateHousing(housing({ [key]: value }));
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual([{ key, error: FIELD_MESSAGES.choix }]);
      }
    });

    it.each([
      'proximite',
      'type',
      'colocation',
      'immeuble',
      'surface',
      'chauffage',
      'loyer',
      'charges',
      'equipement',
      'infoLogement',
      'ascenceur',
      'parking',
      'localVelo',
      'caf',
    ])('exige %s', async (key) => {
      for (const fields of [without(housing(), key), housing({ [key]: '' })]) {
        const res = await validateHousing(fields);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toContainEqual({ key, error: OBLIGATOIRE });
      }
    });

    it('exige l’étage seulement dans un immeuble', async () => {
      const res = await validateHousing(housing({ immeuble: 'Oui', etage: '' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ key: 'etage', error: OBLIGATOIRE }]);
      expect((await validateHousing(without(housing({ immeuble: 'Non' }), 'etage'))).statusCode).toBe(200);
    });

    it('exige le type de parking seulement avec un parking', async () => {
      const res = await validateHousing(without(housing({ parking: 'Oui' }), 'typeParking'));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ key: 'typeParking', error: OBLIGATOIRE }]);
      expect((await validateHousing(housing({ parking: 'Non', typeParking: '' }))).statusCode).toBe(200);
    });

    it('signale l’étage manquant en même temps que les autres champs manquants', async () => {
      const res = await validateHousing({ immeuble: 'Oui', parking: 'Oui' });
      const keys = res.json().errors.map((e: { key: string }) => e.key);
      expect(keys).toContain('etage');
      expect(keys).toContain('typeParking');
      expect(keys).toContain('surface');
    });

    it.each([
      ['0', 200],
      ['45', 200],
      ['45,5', 200],
      ['45.50', 200],
      ['999.99', 200],
      ['-5', 400],
      ['abc', 400],
      ['12.345', 400],
      ['4,5,6', 400],
      ['1234567', 400],
    ] as const)('charges « %s » → %i', async (charges, status) => {
      const res = await validateHousing(housing({ charges }));
      expect(res.statusCode).toBe(status);
      if (status === 400) {
        const error = charges.length > 6 ? FIELD_MESSAGES.tropLong(6) : FIELD_MESSAGES.montant;
        expect(res.json().errors).toEqual([{ key: 'charges', error }]);
      }
    });

    it.each(['ascenceur', 'localVelo'])('refuse %s autre que oui/non', async (key) => {
      const res = await validateHousing(housing({ [key]: 'peut-être' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ key, error: FIELD_MESSAGES.choix }]);
    });
  });

  describe('enregistrement', () => {
    const add = (payload: object) => t.app.inject({ method: 'POST', url: '/api/inscription/add', payload });

    it('enregistre une offre complète au statut 1, datée de maintenant, saisie normalisée', async () => {
      const before = Date.now();
      const res = await add(validInscription());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'success' });
      const [row] = await t.database.db.select().from(inscriptions).orderBy(sql`${inscriptions.id} desc`).limit(1);
      expect(row).toMatchObject({
        statutId: 1,
        nom: 'DUPONT',
        prenom: 'Jean-Pierre',
        ville: 'TROYES',
        charges: '45.50',
        etage: '2ème étage',
        typeParking: 'Privatif',
        ascenceur: true,
        localVelo: false,
      });
      expect(row.date.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.date.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it('n’enregistre pas d’étage hors immeuble ni de type de parking sans parking', async () => {
      const body = validInscription();
      body.logement.immeuble = 'Non';
      body.logement.parking = 'Non';
      const res = await add(body);
      expect(res.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(inscriptions).orderBy(sql`${inscriptions.id} desc`).limit(1);
      expect(row).toMatchObject({ immeuble: 'Non', etage: null, parking: 'Non', typeParking: null });
    });

    it.each([
      ['proprietaire', 'email', 'jp@'],
      ['proprietaire', 'cp', '1000'],
      ['logement', 'surface', 'Immense'],
      ['logement', 'etage', ''],
      ['logement', 'typeParking', 'Souterrain'],
      ['logement', 'charges', '-1'],
      ['logement', 'ascenceur', 'oui'],
    ] as const)('revérifie tout et n’enregistre rien si %s.%s vaut « %s »', async (part, key, value) => {
      const before = await rowCount();
      const body = validInscription();
      (body[part] as Record<string, unknown>)[key] = value;
      const res = await add(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', errors: [{ key }] });
      expect(await rowCount()).toBe(before);
    });

    it('répond succès à un robot qui remplit le champ piège, sans rien enregistrer', async () => {
      const before = await rowCount();
      const res = await add({ ...validInscription(), [HONEYPOT_FIELD]: 'http://spam.example' });
      expect(await rowCount()).toBe(before);
      const person = await add({ ...validInscription(), [HONEYPOT_FIELD]: '' });
      expect(person.statusCode).toBe(200);
      expect(await rowCount()).toBe(before + 1);
      // The robot gets the very bytes a person gets: nothing tells it was caught.
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(person.body);
    });

    it('n’enregistre rien quand une partie manque', async () => {
      const before = await rowCount();
      const res = await add({ proprietaire: validInscription().proprietaire });
      expect(res.statusCode).toBe(400);
      expect(await rowCount()).toBe(before);
    });
  });
});

describe(`inscriptions : limite d'envois par adresse (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ PUBLIC_FORM_RATE_LIMIT: '2' });
  });
  afterAll(() => t.close());

  it('refuse le troisième envoi de la minute avec un 429 en français', async () => {
    const add = () => t.app.inject({ method: 'POST', url: '/api/inscription/add', payload: validInscription() });
    expect((await add()).statusCode).toBe(200);
    expect((await add()).statusCode).toBe(200);
    const third = await add();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ status: 'error', message: MESSAGES.tropDeRequetes });
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(inscriptions)
      .where(eq(inscriptions.nom, 'DUPONT'));
    expect(n).toBe(2);
  });
});
