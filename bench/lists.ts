import { etudiantEndpoints, inscriptionEndpoints, partenaireEndpoints, roleEndpoints } from '@guichet/contract';

/**
 * An address as a browser sends it: spaces escaped, brackets as written (the URL parser leaves them
 * in a query, and the web app's toQuery writes them so). `encodeURI` escaped them, which sent every
 * list call of the bench down the server's slower qs path, one the portal's own pages never take.
 */
export const asSent = (s: string): string => {
  const url = new URL(s, 'http://banc');
  return url.pathname + url.search;
};

/**
 * Each admin list with a search, a filter, a non-default sort, several pages deep: the URL the
 * 10-client measure repeats, and whose repository call alone is its floor (floor.ts).
 */
export const LISTS = {
  // Part of an email (about 1 % of rows, as when staff look someone up), validated offers, by name.
  inscriptions: asSent(
    `${inscriptionEndpoints.list.path}?search=proprietaire12&filter[statut]=2&sort[name]=nom&sort[direction]=asc&rowsPerPage=20&page=5`,
  ),
  // A number inside the email (about 1 % of rows), pending requests, sorted by email.
  etudiants: asSent(
    `${etudiantEndpoints.list.path}?search=etudiant12&filter[statut]=1&sort[name]=email&sort[direction]=desc&rowsPerPage=20&page=1`,
  ),
  partenaires: asSent(
    `${partenaireEndpoints.list.path}?search=partenaire 1&filter[actif]=true&sort[name]=nom&sort[direction]=asc&rowsPerPage=20&page=3`,
  ),
  roles: asSent(`${roleEndpoints.list.path}?search=a&sort[name]=libelle&sort[direction]=desc&rowsPerPage=10&page=0`),
};
export type ListName = keyof typeof LISTS;

/** « En attente »: the status an agent filters on first, the one the million-row budget names. */
export const PENDING = 1;

/**
 * One agent's clicks through the three big lists, in the order a morning's work goes: open the
 * list, next page, a name, the pending ones, a sort, a deeper page. Measured with one client,
 * each request after the previous answer.
 */
export const CLICKS: string[] = [
  inscriptionEndpoints.list.path,
  `${inscriptionEndpoints.list.path}?page=1&rowsPerPage=20`,
  `${inscriptionEndpoints.list.path}?search=martin&rowsPerPage=20`,
  `${inscriptionEndpoints.list.path}?filter[statut]=${PENDING}&rowsPerPage=20`,
  `${inscriptionEndpoints.list.path}?filter[statut]=${PENDING}&sort[name]=nom&sort[direction]=asc&rowsPerPage=20`,
  `${inscriptionEndpoints.list.path}?search=proprietaire4521&rowsPerPage=20`,
  etudiantEndpoints.list.path,
  `${etudiantEndpoints.list.path}?filter[statut]=${PENDING}&rowsPerPage=20`,
  `${etudiantEndpoints.list.path}?search=etudiant777&rowsPerPage=20`,
  `${etudiantEndpoints.list.path}?sort[name]=email&sort[direction]=asc&page=2&rowsPerPage=20`,
  partenaireEndpoints.list.path,
  `${partenaireEndpoints.list.path}?search=partenaire 12&rowsPerPage=20`,
  `${partenaireEndpoints.list.path}?filter[actif]=true&sort[name]=nom&sort[direction]=desc&rowsPerPage=20`,
].map(asSent);

/** The housing list filtered on « En attente » alone: no search, the default sort. */
export const PENDING_FILTER = asSent(`${inscriptionEndpoints.list.path}?filter[statut]=${PENDING}&rowsPerPage=20`);
