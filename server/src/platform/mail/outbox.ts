import { createHash, randomUUID } from 'node:crypto';
import type { CourrielEntite, CourrielType } from '@guichet/contract';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailAttachments, mailOutbox, type OutboxAttachment } from './mail.tables.ts';
import { withoutPersonalLinks } from './render.ts';

export type MailAttachment = { filename: string; contentType: string; content: Buffer };
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Links carrying a token: blanked from the stored text and HTML once the mail is sent. */
  personalLinks?: string[];
  /** What the mail is, for the staff mail log (« Courriels »). */
  kind: CourrielType;
  /** The row it is about: a failure then shows on that row (student request, partner…). */
  entite?: CourrielEntite;
  entiteId?: number;
};

/** Fixed when queued: every retry carries the same Message-ID, so a receiver can spot a duplicate. */
export const newMessageId = (publicUrl: string) => `<${randomUUID()}@${new URL(publicUrl).hostname}>`;

/**
 * Queues a mail in the caller's transaction: if that transaction rolls back, the mail never existed.
 * Nothing is sent here; the dispatcher delivers after the commit. Returns the outbox id.
 */
export async function enqueueMail(tx: DbOrTx, mail: OutgoingMail, opts: { publicUrl: string }): Promise<number> {
  const to = mail.to.trim();
  // A line break in a header would let the caller (or a user-typed address) inject headers.
  if (!to || /[\r\n]/.test(to)) throw new Error(`Destinataire de courriel invalide : ${JSON.stringify(mail.to)}`);
  const attachments: OutboxAttachment[] = [];
  for (const a of mail.attachments ?? []) {
    attachments.push({
      filename: a.filename,
      contentType: a.contentType,
      attachmentId: await storeBody(tx, a.content),
    });
  }
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      messageId: newMessageId(opts.publicUrl),
      to,
      subject: mail.subject.replace(/\s+/g, ' ').trim(),
      text: mail.text,
      html: mail.html,
      attachments,
      personalLinks: mail.personalLinks ?? [],
      kind: mail.kind,
      entite: mail.entite ?? null,
      entiteId: mail.entiteId ?? null,
    })
    .returning({ id: mailOutbox.id });
  return row.id;
}

/**
 * Reusing a stored body (shared) and deleting unused bodies (exclusive, `purgeOutbox`) exclude
 * each other until their transactions end: a purge never removes a body a mail being queued has
 * just found, and a mail queued after a purge stores its body anew.
 */
const BODIES_LOCK = sql`hashtext('guichet:mail_attachments')`;

/** One row per distinct body: the same housing-list PDF mailed to a hundred students is stored once. */
async function storeBody(tx: DbOrTx, content: Buffer): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${BODIES_LOCK})`);
  const sha256 = createHash('sha256').update(content).digest('hex');
  const find = async () =>
    (await tx.select({ id: mailAttachments.id }).from(mailAttachments).where(eq(mailAttachments.sha256, sha256)))[0];
  // Look the hash up first: sending a large body only to have the insert discard it costs
  // seconds per hundred mails on the embedded database.
  const known = await find();
  if (known) return known.id;
  const [inserted] = await tx
    .insert(mailAttachments)
    .values({ sha256, content })
    .onConflictDoNothing({ target: mailAttachments.sha256 })
    .returning({ id: mailAttachments.id });
  // Lost a race with another transaction storing the same body: use its row.
  return inserted?.id ?? (await find()).id;
}

/**
 * Retention: mails sent before `before`, and abandoned ones (`failed`) queued before it, hold
 * personal data (the recipient, the text): they go, with the attachment bodies no remaining mail
 * uses; an abandoned mail that still holds a working link loses it. Mail still to send is never touched. Call it inside a transaction: the lock on the
 * bodies is held until it ends.
 */
export async function purgeOutbox(tx: DbOrTx, before: Date): Promise<{ courriels: number; piecesJointes: number }> {
  await forgetLinksOfFailed(tx);
  const mails = await tx
    .delete(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, before)),
        and(eq(mailOutbox.status, 'failed'), lt(mailOutbox.createdAt, before)),
      ),
    )
    .returning({ id: mailOutbox.id });
  await tx.execute(sql`select pg_advisory_xact_lock(${BODIES_LOCK})`);
  const used = sql`select (e->>'attachmentId')::int from ${mailOutbox}
    cross join lateral jsonb_array_elements(${mailOutbox.attachments}) e
    where e->>'attachmentId' is not null`;
  const bodies = await tx
    .delete(mailAttachments)
    .where(sql`${mailAttachments.id} not in (${used})`)
    .returning({ id: mailAttachments.id });
  return { courriels: mails.length, piecesJointes: bodies.length };
}

/**
 * Mails given up while they kept their links (before the dispatcher blanked them on giving up):
 * their stored copy loses its working links too, as a sent mail's does.
 */
async function forgetLinksOfFailed(tx: DbOrTx) {
  const rows = await tx
    .select({ id: mailOutbox.id, text: mailOutbox.text, html: mailOutbox.html, links: mailOutbox.personalLinks })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'failed'), gt(sql`jsonb_array_length(${mailOutbox.personalLinks})`, 0)));
  for (const r of rows) {
    await tx
      .update(mailOutbox)
      .set({ ...withoutPersonalLinks(r, r.links), personalLinks: [] })
      .where(and(eq(mailOutbox.id, r.id), eq(mailOutbox.status, 'failed')));
  }
}
