/** The single table of the portal's routes (spec §2, decisions §3). */
export const paths = {
  home: '/',
  inscriptionProprietaire: '/inscription/proprietaire',
  inscriptionPartenaire: '/inscription/partenaire',
  demandeEtudiant: '/demande/etudiant',
  partenaires: '/partenaires',
  updatePartenaire: (token: string) => `/update/partenaire/${token}`,
  accessibilite: '/accessibilite',
  mentionsLegales: '/mentions-legales',
  donneesPersonnelles: '/donnees-personnelles',
  admin: {
    root: '/admin',
    login: '/admin/login',
    inscriptions: '/admin/inscriptions',
    inscription: (id: number | string) => `/admin/inscription/${id}`,
    partenaires: '/admin/partenaires',
    partenaire: (id: number | string) => `/admin/partenaire/${id}`,
    etudiants: '/admin/etudiants',
    roles: '/admin/roles',
    compte: '/admin/compte',
  },
} as const;
