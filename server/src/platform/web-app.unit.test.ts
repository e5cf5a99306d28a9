import { describe, expect, it } from 'vitest';
import { inlineIntoHtml, jsonForHtml, preloadsFor } from './web-app.ts';

const page =
  '<!doctype html><html lang="fr"><head><title>Guichet</title></head><body><div id="root"></div></body></html>';
/** The text of the data element, as the browser's parser would cut it: up to the first `</script`. */
const dataElement = (html: string, id: string) => {
  const open = `<script type="application/json" id="${id}">`;
  const start = html.indexOf(open) + open.length;
  return html.slice(start, html.toLowerCase().indexOf('</script', start));
};

describe('paramètres écrits dans la page', () => {
  it('une valeur qui contient </script>, <!-- ou & ne ferme pas l’élément et se relit à l’identique', () => {
    const params = {
      nomSite: 'Guichet </script><script>alert(1)</script>',
      adresseContact: '<!-- 12 rue de la Paix & Cie --> \u2028\u2029',
      annee: 2026,
    };
    const html = inlineIntoHtml(page, { params });
    // The element's text ends where the JSON ends: nothing after it was taken for markup.
    expect(JSON.parse(dataElement(html, 'params'))).toEqual(params);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(jsonForHtml(params)).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it('les données et les préchargements vont dans <head>, avant sa fermeture, et le reste ne change pas', () => {
    const html = inlineIntoHtml(page, { params: { annee: 2026 } }, ['assets/wizard-page-abc.js', 'assets/api-def.js']);
    expect(html).toBe(
      '<!doctype html><html lang="fr"><head><title>Guichet</title>' +
        '<link rel="modulepreload" crossorigin href="/assets/wizard-page-abc.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/api-def.js">' +
        '<script type="application/json" id="params">{"annee":2026}</script>' +
        '</head><body><div id="root"></div></body></html>',
    );
  });

  it('une page construite sans </head> est refusée au démarrage plutôt que servie sans ses paramètres', () => {
    expect(() => inlineIntoHtml('<html><body></body></html>', { params: {} })).toThrow(/<\/head>/);
  });
});

describe('préchargements par page', () => {
  const find = preloadsFor({
    '/inscription/proprietaire': ['assets/wizard.js'],
    '/logement/:token': ['assets/logement.js'],
  });

  it('un chemin reçoit les morceaux de sa page, paramètre compris, barre finale tolérée', () => {
    expect(find('/inscription/proprietaire').files).toEqual(['assets/wizard.js']);
    expect(find('/inscription/proprietaire/').files).toEqual(['assets/wizard.js']);
    expect(find('/logement/Ab-9_x').files).toEqual(['assets/logement.js']);
  });

  it('l’accueil, une page inconnue ou un chemin plus long ne reçoivent rien', () => {
    for (const p of ['/', '/inconnue', '/logement/abc/autre', '/inscription/proprietaireX', '/logement/'])
      expect(find(p)).toEqual({ key: '', files: [] });
  });
});
