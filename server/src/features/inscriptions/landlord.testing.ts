import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import type { SmtpPeer } from '../../../test/smtp-peer.ts';
import { inscriptionEvenements, inscriptions } from './inscriptions.tables.ts';

/** The personal link a landlord's mail carries, with PUBLIC_URL https://guichet.example.fr. */
export const LINK = /^Voir mon offre(?: \(.*\))? : https:\/\/guichet\.example\.fr\/logement\/([A-Za-z0-9_-]{43})$/m;
/** Every personal link of a mail (a lost link lists one per live offer). */
export const LINKS = new RegExp(LINK.source, 'gm');

/** What the landlord tests read: the mails delivered to the SMTP peer, an offer's row and its events. */
export function landlordKit(app: () => TestApp, peer: () => SmtpPeer) {
  const db = () => app().database.db;
  const sent = async () => {
    // « Lien perdu » answers first and queues its mail after: wait for that work, then deliver.
    await app().app.afterResponse.settle();
    await app().mail.drain();
    return peer().received.splice(0);
  };
  return {
    sent,
    /** The one mail just sent to this address, and the token of its personal link. */
    mailTo: async (email: string) => {
      const mails = await sent();
      expect(mails.map((m) => m.envelope.to[0])).toEqual([email]);
      const text = mails[0].parsed.text ?? '';
      const token = LINK.exec(text)?.[1];
      if (!token) throw new Error(`pas de lien personnel dans :\n${text}`);
      return { subject: mails[0].parsed.subject, text, token };
    },
    offerRow: async (id: number) => (await db().select().from(inscriptions).where(eq(inscriptions.id, id)))[0],
    /** The offer's events, oldest first, as « type : détail ». */
    events: async (id: number) =>
      (
        await db()
          .select({ type: inscriptionEvenements.type, detail: inscriptionEvenements.detail })
          .from(inscriptionEvenements)
          .where(eq(inscriptionEvenements.inscriptionId, id))
          .orderBy(asc(inscriptionEvenements.id))
      ).map((e) => (e.detail ? `${e.type} : ${e.detail}` : e.type)),
  };
}
