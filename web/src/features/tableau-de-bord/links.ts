import { STATUT } from '@guichet/contract';
import { paths } from '../../lib/paths.ts';

/** The staff lists filtered as the dashboard and the bell describe them (their filters live in the address). */
const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;

export const listLinks = {
  inscriptions: (attente?: number) =>
    withQuery(paths.admin.inscriptions, attente ? { 'f.attente': attente } : { 'f.statut': STATUT.enAttente }),
  partenaires: (attente?: number) =>
    withQuery(paths.admin.partenaires, { 'f.statut': STATUT.enAttente, ...(attente ? { 'f.attente': attente } : {}) }),
  modificationsPartenaires: (attente?: number) =>
    withQuery(
      paths.admin.partenaires,
      attente ? { 'f.tempdata': 'true', 'f.attente': attente } : { 'f.tempdata': 'true' },
    ),
  etudiants: (attente?: number) =>
    withQuery(paths.admin.etudiants, attente ? { 'f.attente': attente } : { 'f.statut': STATUT.enAttente }),
};
