import { type EndpointDef, endpointKey } from './endpoint.ts';
import { courrielEndpoints } from './endpoints/courriel.ts';
import { etudiantEndpoints } from './endpoints/etudiant.ts';
import { inscriptionEndpoints } from './endpoints/inscription.ts';
import { journalEndpoints } from './endpoints/journal.ts';
import { logementEndpoints } from './endpoints/logement.ts';
import { logoEndpoints } from './endpoints/logo.ts';
import { partenaireEndpoints } from './endpoints/partenaire.ts';
import { referenceEndpoints } from './endpoints/reference.ts';
import { roleEndpoints } from './endpoints/role.ts';
import { sessionEndpoints } from './endpoints/session.ts';
import { tableauDeBordEndpoints } from './endpoints/tableau-de-bord.ts';

export { courrielEndpoints } from './endpoints/courriel.ts';
export { etudiantEndpoints } from './endpoints/etudiant.ts';
export { inscriptionEndpoints } from './endpoints/inscription.ts';
export { journalEndpoints } from './endpoints/journal.ts';
export { logementEndpoints } from './endpoints/logement.ts';
export { logoEndpoints } from './endpoints/logo.ts';
export { partenaireEndpoints } from './endpoints/partenaire.ts';
export { healthSchema, referenceEndpoints } from './endpoints/reference.ts';
export { roleEndpoints } from './endpoints/role.ts';
export { sessionEndpoints } from './endpoints/session.ts';
export { tableauDeBordEndpoints } from './endpoints/tableau-de-bord.ts';

/**
 * Every endpoint of the portal, declared once (docs/spec/portal-spec.md §7, docs/spec/decisions.md §4): the server registers its
 * routes from this table and refuses any other, the web calls through it, the access-matrix test
 * reads it. Rate limits, honeypots and handlers stay on the server.
 *
 * Each group is a module of its own (endpoints/*.ts), re-exported here; this module assembles the
 * whole table (ALL_ENDPOINTS, tags) for the server, the API documentation and the tests. The contract
 * package declares no side effects (package.json): a web page that imports one group never evaluates
 * the others nor their schemas, as long as nothing it loads uses the assembled table.
 */

/** The whole table, by feature. */
export const endpoints = {
  session: sessionEndpoints,
  reference: referenceEndpoints,
  inscription: inscriptionEndpoints,
  logement: logementEndpoints,
  partenaire: partenaireEndpoints,
  logo: logoEndpoints,
  etudiant: etudiantEndpoints,
  role: roleEndpoints,
  courriel: courrielEndpoints,
  journal: journalEndpoints,
  tableauDeBord: tableauDeBordEndpoints,
};

/** Every endpoint, flat: what the server may register and the access matrix checks. */
export const ALL_ENDPOINTS: readonly EndpointDef[] = Object.values(endpoints).flatMap((group) =>
  Object.values(group as Record<string, EndpointDef>),
);

/** The endpoint at `METHOD /path`, if the table has one. */
const byKey = new Map(ALL_ENDPOINTS.map((d) => [endpointKey(d), d]));
export const findEndpoint = (method: string, path: string) => byKey.get(`${method} ${path}`);

/** The API documentation's section of each feature. */
const TAGS: Record<keyof typeof endpoints, string> = {
  session: 'Session',
  reference: 'Référentiels',
  inscription: 'Inscriptions des propriétaires',
  logement: 'Lien personnel du propriétaire',
  partenaire: 'Partenaires',
  logo: 'Logos',
  etudiant: 'Demandes étudiants',
  role: 'Rôles',
  courriel: 'Courriels',
  journal: 'Journal',
  tableauDeBord: 'Tableau de bord',
};
const tagOf = new Map<EndpointDef, string>(
  Object.entries(endpoints).flatMap(([group, list]) =>
    Object.values(list as Record<string, EndpointDef>).map((d) => [d, TAGS[group as keyof typeof endpoints]] as const),
  ),
);
export const endpointTag = (d: EndpointDef) => tagOf.get(d);
