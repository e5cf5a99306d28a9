import { type LogementStored, type ProprietaireStored, type SessionUser, STATUT } from '@guichet/contract';

/** One landlord and one housing, as the server stores and sends them: the offers' component tests share them. */
export const proprietaire: ProprietaireStored = {
  nom: 'DUPONT',
  prenom: 'Marie',
  telephone: '0612345678',
  email: 'marie.dupont@example.fr',
  adresse: '8 rue Émile Zola',
  cp: '10000',
  ville: 'TROYES',
};

export const logement: LogementStored = {
  proximite: 'Secteur Yschools',
  type: 'T1',
  colocation: 'Non',
  immeuble: 'Oui',
  etage: '3ème étage',
  surface: 'Entre 25 et 30 m²',
  chauffage: 'Individuel gaz',
  loyer: 'Entre 350 et 400 euros',
  charges: '30.50',
  equipement: 'Meublé',
  infoLogement: 'Logement neuf',
  ascenceur: true,
  parking: 'Non',
  typeParking: null,
  localVelo: false,
  caf: 'Oui',
};

/** An agent of the « gestion » area (ROLE_USER), logged in. */
export const agentGestion: SessionUser = {
  id: 1,
  username: 'agent',
  prenom: 'Anne',
  nom: 'Agent',
  roles: ['ROLE_USER'],
  motDePasseAChanger: false,
};

export const statuts = [
  { id: STATUT.enAttente, libelle: 'En attente' },
  { id: STATUT.valide, libelle: 'Validé' },
  { id: STATUT.refuse, libelle: 'Refusé' },
  { id: STATUT.archive, libelle: 'Archivé' },
];

/** One line of the journal as the server sends it: an offer validated by Marie MARTIN. */
export const journalLigne = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  date: '2026-11-20T09:30:00.000Z',
  agentId: 1,
  agent: 'Marie MARTIN (m.martin)',
  action: 'inscription.statut',
  entite: 'inscription',
  entiteId: 42,
  resume: 'Offre n° 42 : En attente → Validé',
  avant: { statut: 'En attente' },
  apres: { statut: 'Validé' },
  ...over,
});
