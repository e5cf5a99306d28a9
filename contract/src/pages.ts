/**
 * The portal's pages (docs/spec/portal-spec.md §2, docs/spec/decisions.md §3), `:name` for a
 * parameter: the web router matches them, the server's mails link to them (a personal link is a
 * page), and the server's logs mask a `:token` wherever it stands.
 */
export const pages = {
  home: '/',
  inscriptionProprietaire: '/inscription/proprietaire',
  inscriptionPartenaire: '/inscription/partenaire',
  demandeEtudiant: '/demande/etudiant',
  partenaires: '/partenaires',
  updatePartenaire: '/update/partenaire/:token',
  /** The landlord's personal page (issue 17): the offer, its status and the landlord's actions. */
  logement: '/logement/:token',
  accessibilite: '/accessibilite',
  mentionsLegales: '/mentions-legales',
  donneesPersonnelles: '/donnees-personnelles',
  admin: {
    root: '/admin',
    /** The dashboard; /admin itself leads to the first list, as the specification says. */
    tableauDeBord: '/admin/tableau-de-bord',
    login: '/admin/login',
    inscriptions: '/admin/inscriptions',
    inscription: '/admin/inscription/:id',
    partenaires: '/admin/partenaires',
    partenaire: '/admin/partenaire/:id',
    etudiants: '/admin/etudiants',
    roles: '/admin/roles',
    compte: '/admin/compte',
    /** The mail log (issue 18), Administrateur only. */
    courriels: '/admin/courriels',
    /** The office head's history of every staff action (issue 18). */
    journal: '/admin/journal',
  },
} as const;

/** A pattern (page or endpoint) with its `:name` parameters filled in, each URL-encoded. */
export function fillPath(pattern: string, values: Record<string, string | number>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${pattern} : paramètre « ${name} » manquant.`);
    return encodeURIComponent(String(value));
  });
}
