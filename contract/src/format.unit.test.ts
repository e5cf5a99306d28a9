import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, PARIS_FORMATS, parisYear } from './format.ts';

/** What the formatters wrote before they read Intl once per day: Intl for every date. */
const intlDateTime = new Intl.DateTimeFormat('fr-FR', PARIS_FORMATS.dateTime);
const intlDate = new Intl.DateTimeFormat('fr-FR', PARIS_FORMATS.date);
const expectSame = (t: number) => {
  const d = new Date(t);
  expect(formatDateTime(d), d.toISOString()).toBe(intlDateTime.format(d).replace(',', ''));
  expect(formatDate(d), d.toISOString()).toBe(intlDate.format(d));
};

describe('dates à l’heure de Paris', () => {
  it('écrit les dates en jour/mois/année heure:minute:seconde, heure de Paris', () => {
    expect(formatDateTime(new Date('2026-01-15T08:05:09Z'))).toBe('15/01/2026 09:05:09');
    expect(formatDateTime('2026-07-15T22:30:00Z')).toBe('16/07/2026 00:30:00');
    expect(formatDate(new Date('2026-12-31T23:30:00Z'))).toBe('01/01/2027');
    expect(formatDateTime(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
  });

  it('donne l’année de Paris, qui change à minuit à Paris et non en UTC', () => {
    expect(parisYear(new Date('2026-12-31T22:59:59Z'))).toBe(2026);
    expect(parisYear(new Date('2026-12-31T23:00:00Z'))).toBe(2027);
  });

  it('le même texte qu’Intl à chaque changement d’heure, à la seconde près, de 1990 à 2040', () => {
    let changes = 0;
    // Every quarter hour from 1990 to 2040 would be 1.7 million dates: the clocks change on Sundays
    // in March and October, at 01:00 UTC, so those hours are walked second by second around it.
    for (let year = 1990; year <= 2040; year++) {
      for (const month of [2, 9]) {
        // The last Sunday of the month: one of its last seven days.
        for (let day = 25; day <= 31; day++) {
          const oneUtc = Date.UTC(year, month, day, 1);
          if (new Date(oneUtc).getUTCDay() !== 0) continue;
          changes++;
          for (let s = -3; s <= 3; s++) expectSame(oneUtc + s * 1000);
          for (let h = -30; h <= 30; h++) expectSame(oneUtc + h * 3_600_000 + 17_000);
        }
      }
    }
    expect(changes).toBe(102);
  });

  it('le même texte qu’Intl sur 20 000 dates au hasard, de 1850 à 2150, et sur les bords des années', () => {
    const from = Date.UTC(1850, 0, 1);
    const to = Date.UTC(2150, 0, 1);
    for (let i = 0; i < 20_000; i++) expectSame(from + Math.floor(Math.random() * (to - from)));
    for (const y of [999, 1000, 1911, 2000, 9999]) {
      expectSame(Date.UTC(y, 0, 1) - 1000);
      expectSame(Date.UTC(y, 11, 31, 23, 59, 59));
    }
  });

  it('refuse une date invalide comme Intl', () => {
    expect(() => formatDateTime(new Date('pas une date'))).toThrow(RangeError);
    expect(() => formatDate('pas une date')).toThrow(RangeError);
  });
});
