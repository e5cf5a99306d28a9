import {
  COURRIEL_TYPES,
  type CourrielEntite,
  type CourrielListFilter,
  type CourrielStatut,
  type CourrielType,
  type courrielFiltresSchema,
  type courrielListQuerySchema,
} from '@guichet/contract';
import { and, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { type ListDefinition, type ListRow, onParisDay, runList, searchOf } from '../list-query.ts';
import { mailOutbox } from './mail.tables.ts';
import { mailErrorFr } from './mail-errors.ts';
import { PERSONAL_LINK_MARKER } from './render.ts';

export type CourrielListParams = z.output<typeof courrielListQuerySchema>;
export type CourrielFiltres = z.output<typeof courrielFiltresSchema>;

const rowFields = {
  id: mailOutbox.id,
  date: mailOutbox.createdAt,
  destinataire: mailOutbox.to,
  objet: mailOutbox.subject,
  type: sql<CourrielType | null>`${mailOutbox.kind}`,
  statut: sql<CourrielStatut>`${mailOutbox.status}`,
  tentatives: mailOutbox.attempts,
  derniereErreur: mailOutbox.lastError,
  dateEnvoi: mailOutbox.sentAt,
  entite: sql<CourrielEntite | null>`${mailOutbox.entite}`,
  entiteId: mailOutbox.entiteId,
};
export type CourrielRow = ListRow<typeof rowFields>;

const TYPE_KEYS = Object.keys(COURRIEL_TYPES) as CourrielType[];

/** Sorting « Type » by what staff read, not by the stored key. */
const typeLabel = sql`case ${mailOutbox.kind} ${sql.join(
  TYPE_KEYS.map((k) => sql`when ${k} then ${COURRIEL_TYPES[k]}`),
  sql` `,
)} else '' end`;
/** Workflow order: waiting, being sent, sent, failed. */
const statutOrder = sql`case ${mailOutbox.status} when 'pending' then 0 when 'sending' then 1 when 'sent' then 2 else 3 end`;

const lower = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** « Courriels »: every outbox row, newest first; search on the recipient, the subject and the type's label. */
export const courrielsList: ListDefinition<typeof rowFields, CourrielListFilter> = {
  fields: rowFields,
  from: (db, fields) => db.select(fields).from(mailOutbox).$dynamic(),
  columns: {
    date: mailOutbox.createdAt,
    destinataire: mailOutbox.to,
    objet: mailOutbox.subject,
    type: typeLabel,
    statut: statutOrder,
    tentatives: mailOutbox.attempts,
  },
  defaultSort: { name: 'date', direction: 'desc' },
  searchIn: [mailOutbox.to, mailOutbox.subject],
  searchAlso: (_db, term) => {
    const t = lower(term.trim());
    const kinds = TYPE_KEYS.filter((k) => lower(COURRIEL_TYPES[k]).includes(t));
    return kinds.length ? inArray(mailOutbox.kind, kinds) : undefined;
  },
  filters: (f) => [
    f.statut === 'pending'
      ? inArray(mailOutbox.status, ['pending', 'sending'])
      : f.statut
        ? eq(mailOutbox.status, f.statut)
        : undefined,
    f.type ? eq(mailOutbox.kind, f.type) : undefined,
    f.date ? onParisDay(mailOutbox.createdAt, f.date) : undefined,
  ],
  id: mailOutbox.id,
};

/** The failed mails among those the list shows with these search and filters. */
async function failedMatching(db: DbOrTx, params: CourrielFiltres) {
  return and(
    eq(mailOutbox.status, 'failed'),
    await searchOf(db, courrielsList, params.search),
    ...courrielsList.filters(params.filter).filter((f) => f !== undefined),
  ) as SQL;
}
/** The stored copy says its personal link was removed: resending it would carry none. */
const linkRemoved = sql<boolean>`position(${PERSONAL_LINK_MARKER} in ${mailOutbox.text}) > 0`;

/** The mail log's reads and its one write (resend); features read their rows' failures here. */
export const mailRepository = {
  /** Each row's error in French: the raw one is for the detail, and an administrator only. */
  async list(db: DbOrTx, params: CourrielListParams) {
    const page = await runList(db, courrielsList, params);
    return { ...page, rows: page.rows.map((r) => ({ ...r, derniereErreur: mailErrorFr(r.derniereErreur) })) };
  },

  /** How many failed mails the filtered list shows, and how many of them can be resent. */
  async countFailed(db: DbOrTx, params: CourrielFiltres) {
    const where = await failedMatching(db, params);
    const [enEchec, sansLien] = await Promise.all([
      db.$count(mailOutbox, where),
      db.$count(mailOutbox, and(where, linkRemoved)),
    ]);
    return { enEchec, renvoyables: enEchec - sansLien };
  },

  /** The failed mails of the filtered list that can be resent, locked until the end of the transaction. */
  async lockFailedMatching(tx: DbOrTx, params: CourrielFiltres, limit: number) {
    return tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(await failedMatching(tx, params), sql`not ${linkRemoved}`))
      .orderBy(mailOutbox.id)
      .limit(limit)
      .for('update');
  },

  /**
   * One mail for the detail dialog: its plain text with every personal link replaced by `mask`
   * (a pending or failed mail still holds its links; a sent one already says they were removed),
   * and its attachments' names. Never the HTML: nothing to gain, one more place for a link.
   */
  async detail(db: DbOrTx, id: number, mask: string) {
    const [row] = await db
      .select({
        ...rowFields,
        text: mailOutbox.text,
        html: mailOutbox.html,
        personalLinks: mailOutbox.personalLinks,
        attachments: mailOutbox.attachments,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id));
    if (!row) return undefined;
    const { text, html: _html, personalLinks, attachments, ...courriel } = row;
    let texte = text;
    for (const link of personalLinks) if (link) texte = texte.replaceAll(link, mask);
    return {
      ...courriel,
      derniereErreur: mailErrorFr(courriel.derniereErreur),
      derniereErreurBrute: courriel.derniereErreur,
      texte,
      piecesJointes: attachments.map((a) => a.filename),
    };
  },

  /** The selected mails, locked until the end of the caller's transaction. */
  lockForResend: (tx: DbOrTx, ids: number[]) =>
    tx
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        status: sql<CourrielStatut>`${mailOutbox.status}`,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        kind: sql<CourrielType | null>`${mailOutbox.kind}`,
        /** Given up, its personal link was removed: the text says so. */
        linkRemoved,
      })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, ids))
      .orderBy(mailOutbox.id)
      .for('update'),

  /**
   * Back in the queue as if just written: pending, no attempt counted, due now, no error. The
   * Message-ID stays, so a receiver that did get an earlier try can spot the duplicate.
   */
  async requeue(tx: DbOrTx, ids: number[]) {
    await tx
      .update(mailOutbox)
      .set({ status: 'pending', attempts: 0, lastError: null, nextAttemptAt: sql`now()` })
      .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'failed')));
  },

  /**
   * How many mails of this kind were queued for this address (case ignored) since `moment`: the
   * cap on mail that anyone can make the portal send to someone (docs/decisions/proprietaire.md).
   * Read along the outbox's date index: only the window's mails are looked at.
   */
  countSentTo: (db: DbOrTx, to: string, kind: CourrielType, moment: Date): Promise<number> =>
    db.$count(
      mailOutbox,
      and(
        gte(mailOutbox.createdAt, moment),
        eq(mailOutbox.kind, kind),
        sql`lower(${mailOutbox.to}) = ${to.trim().toLowerCase()}`,
      ),
    ),

  /**
   * Mails that failed for good since `moment` (the daily digest). The outbox keeps no date of the
   * last attempt: a failed mail's `nextAttemptAt` is when that last attempt was due.
   */
  async failedSince(db: DbOrTx, moment: Date): Promise<number> {
    return db.$count(mailOutbox, and(eq(mailOutbox.status, 'failed'), gte(mailOutbox.nextAttemptAt, moment)));
  },

  /**
   * For each of these rows, its latest mail of this kind when that one failed: a student request
   * or a partner shows it (the error in French). A later mail of the same kind that went out clears it.
   */
  async failures(
    db: DbOrTx,
    about: { entite: CourrielEntite; kind: CourrielType | CourrielType[] },
    ids: number[],
  ): Promise<Map<number, { id: number; date: Date; erreur: string | null }>> {
    if (ids.length === 0) return new Map();
    const kinds = [about.kind].flat();
    const latest = await db
      .selectDistinctOn([mailOutbox.entiteId], {
        entiteId: mailOutbox.entiteId,
        id: mailOutbox.id,
        status: mailOutbox.status,
        date: mailOutbox.createdAt,
        erreur: mailOutbox.lastError,
      })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.entite, about.entite),
          inArray(mailOutbox.kind, kinds),
          inArray(mailOutbox.entiteId, [...new Set(ids)]),
        ) as SQL,
      )
      .orderBy(mailOutbox.entiteId, desc(mailOutbox.createdAt), desc(mailOutbox.id));
    return new Map(
      latest
        .filter((r) => r.status === 'failed' && r.entiteId !== null)
        .map((r) => [r.entiteId as number, { id: r.id, date: r.date, erreur: mailErrorFr(r.erreur) }]),
    );
  },
};
