import { describe, expect, it } from 'vitest';
import { daySchema, hasForbiddenCharacter, ID_MAX, idParam, idSchema, text } from './common.ts';
import { inscriptionsListQuerySchema } from './inscription.ts';
import { FIELD_MESSAGES } from './messages.ts';
import { partenaireAdminUpdateSchema } from './partenaire.ts';
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
      expect(text(50).safeParse(ok).success, ok).toBe(true);
    }
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
