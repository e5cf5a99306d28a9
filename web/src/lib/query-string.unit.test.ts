import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { toQuery } from './query-string.ts';

describe('toQuery', () => {
  it('écrit les objets et tableaux en crochets, comme qs les relit côté serveur', () => {
    const params = {
      search: 'Hélène & co',
      page: 0,
      sort: { name: 'date', direction: 'desc' },
      filter: { statut: '2', nom: undefined, actif: false },
      filtres: [3, 7],
      annee: null,
    };
    const q = toQuery(params);
    expect(q).toBe(
      'search=H%C3%A9l%C3%A8ne%20%26%20co&page=0&sort[name]=date&sort[direction]=desc&filter[statut]=2&filter[actif]=false&filtres[]=3&filtres[]=7',
    );
    expect(qs.parse(q, { depth: 5 })).toEqual({
      search: 'Hélène & co',
      page: '0',
      sort: { name: 'date', direction: 'desc' },
      filter: { statut: '2', actif: 'false' },
      filtres: ['3', '7'],
    });
  });

  it('rend une chaîne vide sans paramètre', () => {
    expect(toQuery(undefined)).toBe('');
    expect(toQuery({ a: undefined })).toBe('');
  });
});
