import { describe, expect, it } from 'vitest';
import { attachmentName } from './download.ts';

describe('attachmentName', () => {
  it('prend le nom accentué de filename* (celui que le serveur envoie pour les étudiants)', () => {
    const header = `attachment; filename="inscriptions_etudiants.csv"; filename*=UTF-8''inscriptions_%C3%A9tudiants.csv`;
    expect(attachmentName(header, 'x.csv')).toBe('inscriptions_étudiants.csv');
  });
  it('sans filename*, le nom simple ; sans en-tête, le nom de secours', () => {
    expect(attachmentName('attachment; filename="inscriptions_logement.csv"', 'x.csv')).toBe(
      'inscriptions_logement.csv',
    );
    expect(attachmentName(null, 'x.csv')).toBe('x.csv');
  });
  it('un filename* mal encodé ne fait pas échouer le téléchargement', () => {
    expect(attachmentName(`attachment; filename="a.csv"; filename*=UTF-8''%E0%A4%A`, 'x.csv')).toBe('a.csv');
  });
});
