import { describe, expect, it } from 'vitest';
import { toQuery } from '../web/src/lib/query-string.ts';
import { asSent, CLICKS, LISTS } from './lists.ts';

describe('les adresses que le banc demande', () => {
  it('sont celles qu’envoie la page d’une liste : crochets écrits, espaces échappés', () => {
    const query = toQuery({ search: 'partenaire 1', sort: { name: 'nom', direction: 'asc' }, filtres: [3] });
    // What the browser puts on the wire for the web app's call (the URL parser, as fetch applies it).
    const sent = new URL(`http://portail/api/x?${query}`);
    expect(asSent(`/api/x?search=partenaire 1&sort[name]=nom&sort[direction]=asc&filtres[]=3`)).toBe(
      sent.pathname + sent.search,
    );
    for (const url of [...Object.values(LISTS), ...CLICKS]) expect(url).not.toMatch(/%5B|%5D| /i);
  });
});
