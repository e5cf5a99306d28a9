import qs from 'qs';
import { describe, expect, it, vi } from 'vitest';
import { parseQueryString, QS_OPTIONS } from './query-string.ts';

/** The spec's calls send nested parameters bracket-style; the server reads them as qs does (app.ts). */
describe('paramètres imbriqués en crochets', () => {
  it('lit les objets et les tableaux envoyés par le client web', () => {
    const sent = qs.stringify(
      { search: 'é', page: 2, sort: { name: 'date', direction: 'desc' }, filter: { statut: [1, 2] }, filtres: [7] },
      { arrayFormat: 'brackets', encodeValuesOnly: true },
    );
    expect(sent).toBe(
      'search=%C3%A9&page=2&sort[name]=date&sort[direction]=desc&filter[statut][]=1&filter[statut][]=2&filtres[]=7',
    );
    expect(parseQueryString(sent)).toEqual({
      search: 'é',
      page: '2',
      sort: { name: 'date', direction: 'desc' },
      filter: { statut: ['1', '2'] },
      filtres: ['7'],
    });
  });

  it('lit les adresses des listes et de l’annuaire sans qs, et passe le reste à qs', () => {
    const parse = vi.spyOn(qs, 'parse');
    try {
      expect(
        parseQueryString(
          'search=Dupont&page=0&rowsPerPage=20&sort[name]=date&sort[direction]=desc&filter[statut][]=1&filter[statut][]=2',
        ),
      ).toEqual({
        search: 'Dupont',
        page: '0',
        rowsPerPage: '20',
        sort: { name: 'date', direction: 'desc' },
        filter: { statut: ['1', '2'] },
      });
      expect(parseQueryString('filtres[]=3')).toEqual({ filtres: ['3'] });
      expect(parse).not.toHaveBeenCalled();
      expect(parseQueryString('a[b][c]=1')).toEqual({ a: { b: { c: '1' } } });
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('lit les adresses plates (la page, la recherche, les thèmes de l’annuaire) sans passer par qs', () => {
    expect(parseQueryString('filtres[]=3&filtres[]=5')).toEqual({ filtres: ['3', '5'] });
    expect(parseQueryString('search=Jean+Dupont&page=0')).toEqual({ search: 'Jean Dupont', page: '0' });
    expect(parseQueryString('search=%E0%A4')).toEqual({ search: '%E0%A4' });
  });

  const corpus = [
    '',
    'a',
    'a=',
    '=x',
    '&&a=1&&',
    'a=1&a=2&a=3',
    'a[]=1&a=2',
    'a=1&a[]=2',
    'a[]=',
    'a=b=c',
    'a=b]=c',
    'a=[1]',
    'a%5B%5D=1',
    'a%5Bb%5D=1',
    'sort[name]=date&page=2',
    'sort[name]=date&sort[name]=nom&filter[statut][]=1&filter[statut]=2&filter[actif]=true',
    'a=1&a[b]=2',
    'a[b]=2&a=1',
    'a[0]=x&a[1]=y',
    'a[b][c]=1',
    'a[__proto__]=1&a[b]=2',
    '__proto__=1&toString=2&constructor=3&hasOwnProperty[]=4&ok=5',
    'a+b=c+d&%C3%A9t%C3%A9=%C3%A9',
    '%=1&b=%&c=%ZZ&d=%E0',
    `${Array.from({ length: 101 }, (_, i) => `f[]=${i}`).join('&')}`,
    `${Array.from({ length: 100 }, (_, i) => `f[]=${i}`).join('&')}`,
  ];

  it('donne exactement ce que donne qs, sur les cas limites et sur des chaînes tirées au hasard', () => {
    const pieces = [
      'a',
      'b',
      '%5d',
      '%1',
      '[]',
      '[x]',
      '=',
      '&',
      '%',
      '%41',
      '%5B',
      '+',
      'é',
      ']',
      '1',
      'toString',
      '',
    ];
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const generated = Array.from({ length: 2_000 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 12) }, () => pieces[Math.floor(random() * pieces.length)]).join(
        '',
      ),
    );
    // Well-formed shapes, as the portal's calls send them (most take the path without qs).
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
    const shaped = Array.from({ length: 2_000 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 6) }, () => {
        const name = pick(['a', 'sort', 'filter', 'search', '%C3%A9', 'toString', 'x+y']);
        const sub = pick(['', '', '[name]', '[statut]', '[0]', '[__proto__]', '[%41]', '[b+c]']);
        const list = pick(['', '', '[]']);
        return `${name}${sub}${list}=${pick(['1', '', 'J%C3%A9r%C3%B4me', 'a+b', '%ZZ'])}`;
      }).join('&'),
    );
    for (const s of [...corpus, ...generated, ...shaped]) {
      expect(parseQueryString(s), s).toEqual(qs.parse(s, QS_OPTIONS));
    }
  });
});
