/**
 * The single table of the portal's pages (docs/spec/portal-spec.md §2, docs/spec/decisions.md §3): the router matches `pages`
 * (`:name` for a parameter), screens link with `paths`, which fills the parameters in.
 */
export const pages = {
  home: '/',
  inscriptionProprietaire: '/inscription/proprietaire',
  inscriptionPartenaire: '/inscription/partenaire',
  demandeEtudiant: '/demande/etudiant',
  partenaires: '/partenaires',
  updatePartenaire: '/update/partenaire/:token',
  accessibilite: '/accessibilite',
  mentionsLegales: '/mentions-legales',
  donneesPersonnelles: '/donnees-personnelles',
  admin: {
    root: '/admin',
    login: '/admin/login',
    inscriptions: '/admin/inscriptions',
    inscription: '/admin/inscription/:id',
    partenaires: '/admin/partenaires',
    partenaire: '/admin/partenaire/:id',
    etudiants: '/admin/etudiants',
    roles: '/admin/roles',
    compte: '/admin/compte',
  },
} as const;

/** A page's pattern with its one parameter filled in. */
const fill = (pattern: string) => (value: string | number) =>
  pattern.replace(/:\w+/, encodeURIComponent(String(value)));

export const paths = {
  ...pages,
  updatePartenaire: fill(pages.updatePartenaire),
  admin: { ...pages.admin, inscription: fill(pages.admin.inscription), partenaire: fill(pages.admin.partenaire) },
} as const;
