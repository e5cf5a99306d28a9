import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  daySchema,
  fieldKey,
  hasForbiddenCharacter,
  ID_MAX,
  idParam,
  idSchema,
  multilineText,
  oneLineString,
  text,
  toFieldErrors,
} from './common.ts';
import { type InscriptionListFilter, inscriptionSchema, inscriptionsListQuerySchema } from './inscription.ts';
import { FIELD_MESSAGES } from './messages.ts';
import { type PartenaireListFilter, partenaireAdminUpdateSchema, partenaireListQuerySchema } from './partenaire.ts';
import { roleIdParamsSchema, roleUpdateBodySchema } from './role.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : [...new Set(r.error?.issues.map((i) => i.message))];

describe('briques de validation partagées', () => {
  it('refuse les caractères de contrôle (sauf tabulation et sauts de ligne) et les demi-caractères UTF-16', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001b[31m', 'a\u007f', '\u0085', 'a\ud800', '\udc00b', 'a\ud800b']) {
      expect(hasForbiddenCharacter(bad), JSON.stringify(bad)).toBe(true);
      expect(messages(text(50).safeParse(bad)), JSON.stringify(bad)).toContain(FIELD_MESSAGES.caractere);
    }
    for (const ok of ['Élodie', 'ligne 1\nligne 2\r\n\tfin', '😀 emoji', '中文', 'œ € ’ ²']) {
      expect(hasForbiddenCharacter(ok), ok).toBe(false);
      expect(multilineText(50).safeParse(ok).success, ok).toBe(true);
    }
  });

  it('un champ d’une ligne refuse CR, LF et tabulation, même en fin de saisie (vérifié avant rognage)', () => {
    for (const bad of ['Du\r\npont', 'Dupont\n', '\rDupont', 'Du\u2028pont', 'Du\u2029pont']) {
      expect(messages(text(50).safeParse(bad)), JSON.stringify(bad)).toEqual([FIELD_MESSAGES.ligne]);
      expect(messages(oneLineString(50).safeParse(bad)), JSON.stringify(bad)).toEqual([FIELD_MESSAGES.ligne]);
    }
    expect(messages(text(50).safeParse('Du\tpont'))).toEqual([FIELD_MESSAGES.caractere]);
    expect(text(50).parse('  Élodie  ')).toBe('Élodie');
    expect(oneLineString(50).parse('  ')).toBe('');
    // A multi-line field keeps its line feeds and tabs; a CR becomes a line feed.
    expect(multilineText(50).parse(' a\r\nb\rc\td ')).toBe('a\nb\nc\td');
    expect(messages(multilineText(50).safeParse('a\u0007'))).toEqual([FIELD_MESSAGES.caractere]);
    expect(messages(multilineText(5).safeParse(' \n '))).toEqual([FIELD_MESSAGES.obligatoire]);
  });

  it('un identifiant va de 1 à 2^31 - 1 (colonnes integer), en français', () => {
    expect(idSchema().parse(ID_MAX)).toBe(ID_MAX);
    expect(idParam().parse(String(ID_MAX))).toBe(ID_MAX);
    for (const bad of [0, -1, 1.5, ID_MAX + 1, 2 ** 53, Number.MAX_SAFE_INTEGER + 2]) {
      expect(messages(idSchema().safeParse(bad)), String(bad)).toEqual([FIELD_MESSAGES.identifiant]);
      expect(idParam().safeParse(String(bad)).success, String(bad)).toBe(false);
    }
    for (const bad of ['9999999999', 'abc', '', '1e400', 'Infinity']) {
      expect(idParam().safeParse(bad).success, bad).toBe(false);
    }
    expect(roleIdParamsSchema.safeParse({ id: '9999999999' }).success).toBe(false);
    expect(messages(roleUpdateBodySchema.safeParse({ agents: [1, 2 ** 40] }))).toEqual([
      'Identifiant d’agent invalide.',
    ]);
  });

  it('une date de filtre doit exister au calendrier', () => {
    for (const ok of ['2025-02-28', '2024-02-29', '2000-02-29', '2026-12-31', '0001-01-01'])
      expect(daySchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of [
      '2025-02-30',
      '2025-02-29',
      '1900-02-29',
      '2025-13-01',
      '2025-00-10',
      '2025-04-31',
      '0000-01-01',
      '2025-1-1',
      '2025-01-01T00:00',
    ])
      expect(messages(daySchema.safeParse(bad)), bad).toEqual([FIELD_MESSAGES.date]);
    const r = inscriptionsListQuerySchema.safeParse({ filter: { date: '2025-02-30' } });
    expect(messages(r)).toEqual([FIELD_MESSAGES.date]);
  });

  it('la recherche et les filtres texte des listes refusent un NUL', () => {
    expect(messages(inscriptionsListQuerySchema.safeParse({ search: 'a\u0000' }))).toEqual([FIELD_MESSAGES.caractere]);
    expect(messages(inscriptionsListQuerySchema.safeParse({ filter: { nom: '\u0000' } }))).toEqual([
      FIELD_MESSAGES.caractere,
    ]);
  });

  it('catégorie et filtre d’un partenaire restent dans les bornes de leurs colonnes', () => {
    const shape = partenaireAdminUpdateSchema.shape.partenaire;
    // Only these two fields' issues matter here (the other fields are missing on purpose).
    const pick = (v: unknown) =>
      new Set(
        (shape.safeParse({ categorie: v, filtre: v }).error?.issues ?? [])
          .map((i) => String(i.path[0]))
          .filter((k) => k === 'categorie' || k === 'filtre'),
      );
    for (const v of [2 ** 31, '99999999999', -1, 1.5]) {
      expect(pick(v), String(v)).toEqual(new Set(['categorie', 'filtre']));
    }
    expect(pick(40_000)).toEqual(new Set(['filtre']));
    expect(pick(7)).toEqual(new Set());
  });
});

describe('la clé d’une erreur de validation', () => {
  it('nomme le champ lui-même, pas son chemin ni son rang dans une liste', () => {
    expect(fieldKey(['proprietaire', 'nom'])).toBe('nom');
    expect(fieldKey(['logement', 'etage'])).toBe('etage');
    expect(fieldKey(['selection', 3])).toBe('selection');
    expect(fieldKey(['selection', 3, 'id'])).toBe('id');
    // A JSON pointer's segments are text: '3' is an index all the same.
    expect(fieldKey(['agents', '0'])).toBe('agents');
    expect(fieldKey(['sort', 'name'])).toBe('sort');
    expect(fieldKey([])).toBe('_');
    expect(fieldKey([0])).toBe('_');
  });

  it('garde le premier message de chaque champ, dans l’ordre des erreurs', () => {
    const r = inscriptionSchema.safeParse({
      proprietaire: { nom: '', prenom: 'Léa', telephone: '06', email: 'x', adresse: 'a', cp: '10000', ville: 'Troyes' },
      logement: {},
    });
    const errors = r.success ? [] : toFieldErrors(r.error.issues);
    expect(errors.slice(0, 3)).toEqual([
      { key: 'nom', error: FIELD_MESSAGES.obligatoire },
      { key: 'telephone', error: FIELD_MESSAGES.telephone },
      { key: 'email', error: FIELD_MESSAGES.email },
    ]);
    expect(new Set(errors.map((e) => e.key)).size).toBe(errors.length);
    expect(toFieldErrors([{ path: ['sort', 'name'], message: 'Colonne de tri inconnue.' }])).toEqual([
      { key: 'sort', error: 'Colonne de tri inconnue.' },
    ]);
  });
});

describe('les filtres des listes découlent de leur schéma', () => {
  it('inscriptions et partenaires', () => {
    expectTypeOf<InscriptionListFilter>().toEqualTypeOf<{
      date?: string;
      nom?: string;
      telephone?: string;
      email?: string;
      adresse?: string;
      statut?: number[];
      tempdata?: boolean;
      verification?: 'a_confirmer' | 'expiree';
      attente?: number;
    }>();
    expectTypeOf<PartenaireListFilter>().toEqualTypeOf<{
      tempdata?: boolean;
      token?: boolean;
      renouvellement?: 'confirme' | 'modifie' | 'sansReponse' | 'jamais';
      attente?: number;
      date?: string;
      nom?: string;
      categorie?: number[];
      statut?: number[];
      actif?: boolean;
    }>();
    expect(
      partenaireListQuerySchema.parse({ filter: { tempdata: 'true', statut: ['1', '3'] }, annee: '2025' }),
    ).toMatchObject({ filter: { tempdata: true, statut: [1, 3] }, annee: 2025 });
  });
});
