import { paths } from './paths.ts';

/** The wizard's lost-link form, by its id: the home page's « Gérer mon offre » opens the wizard's page on it. */
export const LIEN_PERDU_ANCRE = 'lien-perdu';
export const lienPerduPath = `${paths.inscriptionProprietaire}#${LIEN_PERDU_ANCRE}`;
