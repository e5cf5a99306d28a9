import { type InscriptionInput, inscriptionSchema } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inscriptions } from '../../db/schema.ts';
import { inscriptionsRepository } from './inscriptions.repository.ts';

/** A complete, valid registration as the wizard sends it. */
export const validInscription = (): {
  proprietaire: Record<string, string>;
  logement: Record<string, string | boolean>;
} => ({
  proprietaire: {
    nom: 'Dupont',
    prenom: 'jean-pierre',
    telephone: '0612345678',
    email: 'jp.dupont@example.fr',
    adresse: '12 rue de la Cité',
    cp: '10000',
    ville: 'Troyes',
  },
  logement: {
    proximite: 'Secteur Centre-ville Troyes - Gare',
    type: 'Studio',
    colocation: 'Non',
    immeuble: 'Oui',
    etage: '2ème étage',
    surface: 'Entre 20 et 25 m²',
    chauffage: 'Collectif',
    loyer: 'Entre 300 et 350 euros',
    charges: '45,50',
    equipement: 'Meublé',
    infoLogement: 'Logement ancien',
    ascenceur: true,
    parking: 'Oui',
    typeParking: 'Privatif',
    localVelo: false,
    caf: 'Oui',
  },
});

export type Seed = {
  proprietaire?: Partial<Record<string, string>>;
  logement?: Partial<Record<string, string | boolean>>;
  date: Date;
  statut?: number;
};

/** Stores registrations through the repository, then sets their date and status as a test needs. */
export async function seedInscriptions(db: DbOrTx, seeds: Seed[]): Promise<number[]> {
  const ids: number[] = [];
  for (const s of seeds) {
    const base = validInscription();
    const input: InscriptionInput = {
      proprietaire: { ...base.proprietaire, ...s.proprietaire },
      logement: { ...base.logement, ...s.logement },
    } as InscriptionInput;
    const { proprietaire, logement } = inscriptionSchema.parse(input);
    const id = await inscriptionsRepository.add(db, proprietaire, logement);
    await db
      .update(inscriptions)
      .set({ date: s.date, statutId: s.statut ?? 1 })
      .where(eq(inscriptions.id, id));
    ids.push(id);
  }
  return ids;
}

/** A housing offer as stored (a row of `inscriptions`), for tests of the features that read it. */
export const storedOffer = (
  statutId: number,
  nom: string,
  over: Partial<typeof inscriptions.$inferInsert> = {},
): typeof inscriptions.$inferInsert => ({
  statutId,
  nom,
  prenom: 'Hélène',
  telephone: '0612345678',
  email: `${nom.toLowerCase()}@example.fr`,
  adresse: '3 rue Émile Zola',
  cp: '10000',
  ville: 'TROYES',
  proximite: 'Secteur Centre-ville Troyes - Gare',
  type: 'Studio',
  colocation: 'Non',
  immeuble: 'Oui',
  etage: '2ème étage',
  surface: 'Entre 15 et 20 m²',
  chauffage: 'Individuel électrique',
  loyer: 'Entre 300 et 350 euros',
  charges: '45.50',
  equipement: 'Meublé',
  infoLogement: 'Logement ancien',
  ascenceur: true,
  parking: 'Oui',
  typeParking: 'Privatif',
  localVelo: false,
  caf: 'Oui',
  ...over,
});
