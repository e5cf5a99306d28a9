import { describe, expect, it } from 'vitest';
import { endpointKey, endpointPath } from './endpoint.ts';
import { ALL_ENDPOINTS, findEndpoint, inscriptionEndpoints, partenaireEndpoints } from './endpoints.ts';
import { fillPath, pages } from './pages.ts';

describe('la table des points d’accès', () => {
  it('remplit les paramètres du chemin, chacun encodé', () => {
    expect(endpointPath(inscriptionEndpoints.detail, { id: 12 })).toBe('/api/admin/inscription/get/12');
    expect(endpointPath(partenaireEndpoints.byToken, { token: 'a/b?c' })).toBe('/api/partenaire/get/one/by/a%2Fb%3Fc');
    expect(fillPath(pages.updatePartenaire, { token: 'x y' })).toBe('/update/partenaire/x%20y');
  });

  it('refuse un paramètre manquant plutôt que d’appeler « /:id »', () => {
    expect(() => fillPath(pages.admin.inscription, {})).toThrow('paramètre « id » manquant');
  });

  it('déclare chaque point d’accès une fois, sous /api, et ouvre l’administration aux seuls agents', () => {
    const keys = ALL_ENDPOINTS.map(endpointKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of ALL_ENDPOINTS) {
      expect(e.path === '/logout' || e.path.startsWith('/api/')).toBe(true);
      const agentsOnly = !['public', 'token'].includes(e.access);
      expect([endpointKey(e), agentsOnly]).toEqual([endpointKey(e), e.path.startsWith('/api/admin/')]);
      expect(findEndpoint(e.method, e.path)).toBe(e);
    }
  });
});
