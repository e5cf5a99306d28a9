import { STATUT } from '@guichet/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inscriptionEvenements, inscriptions } from './inscriptions.tables.ts';

/** What a mail to the landlord says of the offer. */
export const offerMailFields = {
  id: inscriptions.id,
  date: inscriptions.date,
  nom: inscriptions.nom,
  prenom: inscriptions.prenom,
  email: inscriptions.email,
  type: inscriptions.type,
  adresse: inscriptions.adresse,
  cp: inscriptions.cp,
  ville: inscriptions.ville,
  proximite: inscriptions.proximite,
  surface: inscriptions.surface,
  loyer: inscriptions.loyer,
  charges: inscriptions.charges,
};
export type OfferForMail = {
  id: number;
  date: Date;
  nom: string;
  prenom: string;
  email: string;
  type: string;
  adresse: string;
  cp: string;
  ville: string;
  proximite: string;
  surface: string;
  loyer: string;
  charges: string;
};

/** The reads and locks of the landlord's side that are not one offer's row (landlord.service.ts). */
export const landlordRepository = {
  /**
   * Serializes, across processes, the mails that anyone can have sent to one address (receipt, lost
   * link): two requests at once cannot both read « under the cap » and both send. Until the
   * transaction ends; PGlite runs the same SQL.
   */
  async lockAddress(tx: DbOrTx, email: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`guichet:courriel:${email.trim().toLowerCase()}`}))`);
  },

  /** The live offers (pending or validated) of this landlord address, case ignored, newest first. */
  liveOffersOf: (tx: DbOrTx, email: string, limit: number): Promise<OfferForMail[]> =>
    tx
      .select(offerMailFields)
      .from(inscriptions)
      .where(
        and(
          sql`lower(${inscriptions.email}) = ${email.trim().toLowerCase()}`,
          inArray(inscriptions.statutId, [STATUT.enAttente, STATUT.valide]),
        ),
      )
      .orderBy(desc(inscriptions.date), desc(inscriptions.id))
      .limit(limit),

  /** The latest event of this kind for the offer (its date and words), if any. */
  async lastEvent(db: DbOrTx, id: number, type: 'refusee' | 'expiree' | 'louee' | 'retiree') {
    const [row] = await db
      .select({ date: inscriptionEvenements.date, detail: inscriptionEvenements.detail })
      .from(inscriptionEvenements)
      .where(and(eq(inscriptionEvenements.inscriptionId, id), eq(inscriptionEvenements.type, type)))
      .orderBy(desc(inscriptionEvenements.date), desc(inscriptionEvenements.id))
      .limit(1);
    return row;
  },
};
