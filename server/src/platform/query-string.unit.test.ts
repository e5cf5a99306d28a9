import qs from 'qs';
import { describe, expect, it } from 'vitest';

/** The spec's calls send nested parameters bracket-style; the server reads them with qs (app.ts). */
describe('paramètres imbriqués en crochets', () => {
  const parse = (s: string) => qs.parse(s, { depth: 5, arrayLimit: 100 });

  it('lit les objets et les tableaux envoyés par le client web', () => {
    const sent = qs.stringify(
      { search: 'é', page: 2, sort: { name: 'date', direction: 'desc' }, filter: { statut: [1, 2] }, filtres: [7] },
      { arrayFormat: 'brackets', encodeValuesOnly: true },
    );
    expect(sent).toBe(
      'search=%C3%A9&page=2&sort[name]=date&sort[direction]=desc&filter[statut][]=1&filter[statut][]=2&filtres[]=7',
    );
    expect(parse(sent)).toEqual({
      search: 'é',
      page: '2',
      sort: { name: 'date', direction: 'desc' },
      filter: { statut: ['1', '2'] },
      filtres: ['7'],
    });
  });
});
