import { type Params, paramsSchema, referenceEndpoints } from '@guichet/contract';
import { PARAMS_ELEMENT_ID } from '@guichet/contract/page-data';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, serverAnswers } from '../../test/fake-server.ts';
import { inlinedParams, isParams, ParamsGate, useSiteParams } from './params.tsx';

const PARAMS: Params = {
  nomSite: 'Guichet numérique étudiant',
  annee: 2026,
  emailContact: 'contact@guichet-etudiant.fr',
  telephoneContact: '03 25 00 00 00',
  adresseContact: '1 place de la Libération, 10000 TROYES',
};

/** The element the server writes into the page (server/src/platform/web-app.ts). */
function pageCarries(text: string) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = PARAMS_ELEMENT_ID;
  el.textContent = text;
  document.head.append(el);
}
afterEach(() => document.getElementById(PARAMS_ELEMENT_ID)?.remove());

function SiteName() {
  return <p>{useSiteParams().nomSite}</p>;
}

describe('paramètres du site écrits dans la page', () => {
  it('présents : la page s’affiche aussitôt, sans appel au serveur', () => {
    // The same escapes as the server's: « </script> » arrives as \u003c/script\u003e.
    pageCarries(JSON.stringify({ ...PARAMS, nomSite: 'Guichet \u003c/script\u003e' }).replace(/</g, '\\u003c'));
    const fetchMock = serverAnswers();
    render(
      <ParamsGate>
        <SiteName />
      </ParamsGate>,
    );
    expect(screen.getByText('Guichet </script>')).toBeTruthy();
    expect(screen.queryByText('Chargement du portail…')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('absents : « Chargement du portail… » puis les paramètres de l’appel', async () => {
    const fetchMock = serverAnswers(json(200, { ...PARAMS, nomSite: 'Guichet par appel' }));
    render(
      <ParamsGate>
        <SiteName />
      </ParamsGate>,
    );
    expect(screen.getByText('Chargement du portail…')).toBeTruthy();
    expect(await screen.findByText('Guichet par appel')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toContain(referenceEndpoints.params.path);
  });

  it('illisibles ou d’une autre forme (page d’une ancienne version) : l’appel les remplace', async () => {
    pageCarries('{"nomSite": "Guichet", "annee": "2026"');
    const fetchMock = serverAnswers(json(200, PARAMS));
    render(
      <ParamsGate>
        <SiteName />
      </ParamsGate>,
    );
    expect(await screen.findByText(PARAMS.nomSite)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('la vérification sans zod répond comme le schéma du contrat', () => {
    const samples: unknown[] = [
      PARAMS,
      { ...PARAMS, annee: '2026' },
      { ...PARAMS, annee: 2026.5 },
      { ...PARAMS, emailContact: null },
      { ...PARAMS, adresseContact: undefined },
      { ...PARAMS, extra: 'ignoré' },
      [],
      null,
      'params',
      42,
    ];
    for (const sample of samples)
      expect(isParams(sample), JSON.stringify(sample)).toBe(paramsSchema.safeParse(sample).success);
    pageCarries(JSON.stringify(PARAMS));
    expect(inlinedParams()).toEqual(PARAMS);
  });
});
