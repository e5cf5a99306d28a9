import { FIELD_MESSAGES } from '@guichet/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../test/harness.ts';
import { etudiants, inscriptions, mailOutbox, partenaires } from './db/schema.ts';
import { validInscription } from './features/inscriptions/inscriptions.fixtures.ts';
import { uploadedLogo, validPartenaire } from './features/partenaires/partenaires.fixtures.ts';

/** A CR, a LF, both, and the Unicode line separator, inside or at the end of the value. */
const BREAKS = ['Du\r\npont', 'Dupont\n', 'Du\rpont', 'Du\u2028pont'];

// docs/spec/decisions.md §6.2: a one-line field refuses line breaks, keyed on the field, and the
// request changes nothing (no row, no mail). Each case ends with the same body made valid again:
// it is the line break, and nothing else, that was refused.
describe(`champs d’une ligne : retours à la ligne refusés (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.database.db.delete(mailOutbox);
    await t.database.db.delete(etudiants);
    await t.database.db.delete(inscriptions);
  });

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const expectRefused = async (res: Awaited<ReturnType<typeof post>>, key: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ key, error: FIELD_MESSAGES.ligne });
    expect(await t.database.db.$count(mailOutbox)).toBe(0);
  };

  it.each(['nom', 'prenom', 'adresse', 'ville'])('assistant propriétaire : %s', async (key) => {
    for (const bad of BREAKS) {
      const body = validInscription();
      body.proprietaire[key] = bad;
      await expectRefused(await post('/api/inscription/add', body), key);
      expect(await t.database.db.$count(inscriptions)).toBe(0);
    }
    const body = validInscription();
    body.proprietaire[key] = 'Dupont';
    expect((await post('/api/inscription/add', body)).statusCode).toBe(200);
    expect(await t.database.db.$count(inscriptions)).toBe(1);
  });

  it('assistant propriétaire : la vérification de l’étape refuse aussi un retour à la ligne', async () => {
    const { proprietaire } = validInscription();
    const res = await t.app.inject({
      url: '/api/inscription/proprietaire/validate',
      query: { ...proprietaire, nom: 'Du\npont' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ key: 'nom', error: FIELD_MESSAGES.ligne });
  });

  it.each(['nom', 'nomComplet', 'adresse', 'ville', 'nomR', 'prenomR', 'fonctionR', 'lien'])(
    'partenaire : %s',
    async (key) => {
      const logo = await uploadedLogo(t.app);
      const before = await t.database.db.$count(partenaires);
      for (const bad of BREAKS) {
        await expectRefused(await post('/api/partenaire/add', validPartenaire(logo, { [key]: bad })), key);
        expect(await t.database.db.$count(partenaires)).toBe(before);
      }
      const fine = key === 'lien' ? 'velo-campus.fr' : 'Dupont';
      expect((await post('/api/partenaire/add', validPartenaire(logo, { [key]: fine }))).statusCode).toBe(200);
      expect(await t.database.db.$count(partenaires)).toBe(before + 1);
    },
  );

  it('partenaire : la présentation, sur plusieurs lignes, garde ses sauts de ligne', async () => {
    const logo = await uploadedLogo(t.app);
    const res = await post(
      '/api/partenaire/add',
      validPartenaire(logo, { nom: 'Multi Lignes', presentation: 'Première ligne\r\nSeconde\tligne' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db.select({ nom: partenaires.nom, p: partenaires.presentation }).from(partenaires);
    expect(rows.find((r) => r.nom === 'Multi Lignes')?.p).toBe('Première ligne\nSeconde\tligne');
    // Another control character is refused there too.
    const bell = await post('/api/partenaire/add', validPartenaire(logo, { presentation: 'Son\u0007' }));
    expect(bell.statusCode).toBe(400);
    expect(bell.json().errors).toContainEqual({ key: 'presentation', error: FIELD_MESSAGES.caractere });
  });

  it.each(['ville', 'cp', 'adresse', 'email'])('demande étudiante : %s', async (key) => {
    const valid = { email: 'camille@example.fr', cp: '10000', ville: 'Troyes', ecole: 'UTT', adresse: '1 rue Haute' };
    for (const bad of key === 'cp' ? ['10\n000', '10000\r\n'] : BREAKS) {
      await expectRefused(await post('/api/etudiant/add', { ...valid, [key]: bad }), key);
      expect(await t.database.db.$count(etudiants)).toBe(0);
    }
    expect((await post('/api/etudiant/add', valid)).statusCode).toBe(200);
    expect(await t.database.db.$count(etudiants)).toBe(1);
  });
});
