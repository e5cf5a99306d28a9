import { describe, expect, it } from 'vitest';
import { toFieldErrors } from './common.ts';
import { inscriptionSchema, proprietaireSchema } from './inscription.ts';
import { FIELD_MESSAGES } from './messages.ts';
import { partenaireFieldsSchema } from './partenaire.ts';
import { formatPhone, normalizePhone, shapePhoneInput, telephoneSchema } from './telephone.ts';

describe('téléphones français tels qu’on les tape', () => {
  it.each([
    ['0612345678', '0612345678'],
    ['06 12 34 56 78', '0612345678'],
    ['06.12.34.56.78', '0612345678'],
    ['06-12-34-56-78', '0612345678'],
    ['06/12/34/56/78', '0612345678'],
    ['06\u00a012\u00a034\u00a056\u00a078', '0612345678'],
    ['06\u202f12\u202f34\u202f56\u202f78', '0612345678'],
    ['  03 25 00.00 01 ', '0325000001'],
    ['+33 6 12 34 56 78', '0612345678'],
    ['+33612345678', '0612345678'],
    ['+33 (0)6 12 34 56 78', '0612345678'],
    ['+33 06 12 34 56 78', '0612345678'],
    ['0033 6 12 34 56 78', '0612345678'],
    ['0033612345678', '0612345678'],
    ['+33 3 25 00 00 01', '0325000001'],
    ['09 70 00 00 00', '0970000000'],
    ['+262 692 12 34 56', '0692123456'],
    ['+590 690 12 34 56', '0690123456'],
    ['00596 596 12 34 56', '0596123456'],
  ])('« %s » → %s', (typed, stored) => {
    expect(normalizePhone(typed)).toBe(stored);
    expect(telephoneSchema.parse(typed)).toBe(stored);
  });

  it.each([
    ['neuf chiffres', '06 12 34 56 7'],
    ['onze chiffres', '06123456789'],
    ['des lettres', '06 12 AB 56 78'],
    ['des lettres seules', 'abcdefghij'],
    ['sans le zéro', '612345678'],
    ['un zéro de trop', '0012345678'],
    ['un numéro belge', '+32 2 123 45 67'],
    ['un numéro suisse', '0041 21 123 45 67'],
    ['+33 suivi de neuf chiffres à 0', '+33 0 12 34 56 78'],
    ['un plus au milieu', '06 12 +34 56 78'],
    ['un caractère de contrôle', '06 12 34 56\u000078'],
  ])('refuse %s (« %s »)', (_what, typed) => {
    expect(normalizePhone(typed)).toBeNull();
    const r = telephoneSchema.safeParse(typed);
    expect(r.success).toBe(false);
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual([FIELD_MESSAGES.telephone]);
  });

  it('un champ vide est « obligatoire », un texte trop long « invalide »', () => {
    const empty = telephoneSchema.safeParse('  ');
    expect(empty.success ? '' : empty.error.issues[0].message).toBe(FIELD_MESSAGES.obligatoire);
    const long = telephoneSchema.safeParse(`06 12 34 56 78${' '.repeat(30)}9`);
    expect(long.success ? '' : long.error.issues[0].message).toBe(FIELD_MESSAGES.telephone);
  });

  it('s’affiche groupé par deux ; une valeur ancienne hors format reste telle quelle', () => {
    expect(formatPhone('0612345678')).toBe('06 12 34 56 78');
    expect(formatPhone('06 12')).toBe('06 12');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
  });

  it('la saisie garde dix chiffres nus, et laisse la place aux espaces et à +33', () => {
    expect(shapePhoneInput('06123456789')).toBe('0612345678');
    expect(shapePhoneInput('06 12 34 56 78')).toBe('06 12 34 56 78');
    expect(shapePhoneInput('+33 (0)6 12 34 56 78')).toBe('+33 (0)6 12 34 56 78');
    expect(shapePhoneInput('0033612345678')).toBe('0033612345678');
    expect(shapePhoneInput('x'.repeat(40))).toHaveLength(25);
  });

  it('l’assistant des propriétaires et les partenaires utilisent la même règle', () => {
    const p = proprietaireSchema.shape.telephone.parse('+33 (0)6 12 34 56 78');
    const q = partenaireFieldsSchema.shape.telephone.parse('+33 (0)6 12 34 56 78');
    const r = partenaireFieldsSchema.shape.telephoneR.parse('06.12.34.56.78');
    expect([p, q, r]).toEqual(['0612345678', '0612345678', '0612345678']);
    const bad = inscriptionSchema.shape.proprietaire.safeParse({ telephone: '06 12 34' });
    expect(bad.success ? [] : toFieldErrors(bad.error.issues).find((e) => e.key === 'telephone')).toEqual({
      key: 'telephone',
      error: FIELD_MESSAGES.telephone,
    });
  });
});
