import { z } from 'zod';

/**
 * « Doublon possible » (issue 17): what a live offer or partner (« En attente » or « Validé ») shares
 * with another live one. Offers compare the landlord's e-mail and phone and the housing's address
 * (street and postal code); partners their name and contact e-mail.
 */
export const DOUBLON_CRITERES = ['nom', 'email', 'telephone', 'adresse'] as const;
export type DoublonCritere = (typeof DOUBLON_CRITERES)[number];
export const DOUBLON_CRITERE_LABELS: Record<DoublonCritere, string> = {
  nom: 'nom',
  email: 'e-mail',
  telephone: 'téléphone',
  adresse: 'adresse',
};

/** On a list row: what it shares with at least one other live record (empty: no flag). */
export const doublonCriteresSchema = z.array(z.enum(DOUBLON_CRITERES));
/** On a staff page: another live record it may duplicate, and what they share. */
export const doublonSchema = z.object({ id: z.number().int(), par: doublonCriteresSchema });
export type Doublon = z.output<typeof doublonSchema>;

/** What a list row shares with any of its twins, in the criteria's order (empty: no flag). */
export function doublonCriteres(doublons: readonly Doublon[] | undefined): DoublonCritere[] {
  const all = new Set((doublons ?? []).flatMap((d) => d.par));
  return DOUBLON_CRITERES.filter((k) => all.has(k));
}
