import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv.ts';

describe('CSV', () => {
  it('laisse tels quels les champs ordinaires, accents compris', () => {
    expect(csvLine(['12', 'Hélène', 'SAINT-ANDRÉ-LES-VERGERS', ''])).toBe('12;Hélène;SAINT-ANDRÉ-LES-VERGERS;\r\n');
  });

  it('met entre guillemets un champ contenant « ; », un guillemet ou un retour à la ligne, guillemets doublés', () => {
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('dit "bonjour"')).toBe('"dit ""bonjour"""');
    expect(csvField('ligne 1\r\nligne 2')).toBe('"ligne 1\r\nligne 2"');
    expect(csvField('fin\n')).toBe('"fin\n"');
  });
});
