import { endpoint } from '../endpoint.ts';
import { notificationsSchema, tableauDeBordSchema } from '../tableau-de-bord.ts';

/** The dashboard and the app bar's bell (issue 18): aggregates of what waits, for the office's agents. */
export const tableauDeBordEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/admin/tableau-de-bord',
    access: 'gestion',
    summary: 'Ce qui attend (nombre, plus ancien, en retard) et les courbes hebdomadaires des douze derniers mois',
    response: { 200: tableauDeBordSchema },
  }),
  notifications: endpoint({
    method: 'GET',
    path: '/api/admin/notifications',
    access: 'gestion',
    summary: 'Éléments en attente arrivés depuis la dernière consultation des notifications par l’agent',
    response: { 200: notificationsSchema },
  }),
  notificationsVues: endpoint({
    method: 'POST',
    path: '/api/admin/notifications/vues',
    access: 'gestion',
    summary: 'L’agent a vu ses notifications : le compteur repart de maintenant',
    response: { 200: notificationsSchema },
  }),
};
