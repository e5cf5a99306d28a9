import { endpoint } from '../endpoint.ts';
import {
  etudiantAddResponseSchema,
  etudiantExportQuerySchema,
  etudiantListQuerySchema,
  etudiantListSchema,
  etudiantRequestSchema,
  etudiantUpdateResponseSchema,
  etudiantUpdateSchema,
} from '../etudiant.ts';
import { CSV, e, exportSummary } from './shared.ts';

export const etudiantEndpoints = {
  add: endpoint({
    method: 'POST',
    path: '/api/etudiant/add',
    access: 'public',
    summary: 'Enregistre une demande de liste des logements (statut « En attente »)',
    description:
      'Une seconde demande de la même adresse de courriel (sans tenir compte de la casse) encore en attente ne crée pas de doublon ; la réponse est exactement celle d’une première demande, pour ne pas révéler qu’une demande existe pour cette adresse.',
    body: etudiantRequestSchema,
    response: { 200: etudiantAddResponseSchema, 400: e, 429: e },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/admin/etudiants/get/list/by/filters',
    access: 'gestion',
    query: etudiantListQuerySchema,
    response: { 200: etudiantListSchema },
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/admin/etudiants/export',
    access: 'gestion',
    summary: exportSummary,
    query: etudiantExportQuerySchema,
    produces: CSV,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/etudiants/update',
    access: 'gestion',
    summary: 'Valide (statut 2 et courriel avec la liste des logements) ou refuse (statut 3) une sélection',
    description:
      'Valider laisse telles quelles les demandes déjà validées (aucun second courriel). Un identifiant inconnu (404) ou le refus d’une demande déjà validée (400) ne change rien, et chaque demande en cause est nommée dans `errors`.',
    body: etudiantUpdateSchema,
    response: { 200: etudiantUpdateResponseSchema, 400: e, 404: e },
  }),
};
