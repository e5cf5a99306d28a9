import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { mailAttachments, mailOutbox } from './mail.tables.ts';
import { rawMailError } from './mail-errors.ts';
import { withoutPersonalLinks } from './render.ts';
import { createDelivery, type DeliveryConfig } from './transport.ts';

export type MailLog = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};
export type DrainResult = { sent: number; retried: number; failed: number };
export type MailDispatcher = {
  /** Look for due mail now (call it after the commit that queued mail). */
  wake: () => void;
  /** Finishes the pass in progress and stops the timer. */
  stop: () => Promise<void>;
  /** Delivers every mail due when called, then resolves (tests, scripts). */
  drain: () => Promise<DrainResult>;
};
export type MailDispatcherOptions = {
  db: Db;
  kind: Database['kind'];
  config: DeliveryConfig;
  log: MailLog;
  /** Delay before each retry; attempts = length + 1. */
  retryDelaysMs?: number[];
  intervalMs?: number;
  /** Rows claimed per statement; each claimed row is leased for 5 minutes. */
  batchSize?: number;
  /** false: no timer and `wake()` does nothing, only `drain()` delivers (tests). */
  background?: boolean;
};

const MIN = 60_000;
/** 30 s, 2 min, 10 min, 1 h, 3 h, 6 h, 12 h: eight attempts over about 22 hours. */
export const DEFAULT_RETRY_DELAYS_MS = [30_000, 2 * MIN, 10 * MIN, 60 * MIN, 180 * MIN, 360 * MIN, 720 * MIN];

type Rows = { rows: Record<string, unknown>[] };

/**
 * Once a mail has gone, or has been given up, its stored copy keeps no working link: the outbox,
 * and every backup made from it, then hold only the token's hash (in the feature's table).
 */
const forgetPersonalLinks = (row: typeof mailOutbox.$inferSelect) =>
  row.personalLinks.length ? { ...withoutPersonalLinks(row, row.personalLinks), personalLinks: [] } : {};

export function startMailDispatcher(opts: MailDispatcherOptions): MailDispatcher {
  const { db, log } = opts;
  const retryDelays = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const maxAttempts = retryDelays.length + 1;
  const batchSize = opts.batchSize ?? 1;
  const background = opts.background ?? true;
  const delivery = createDelivery(opts.config);
  let stopped = false;

  /**
   * Claims due rows in one statement (its own transaction): locked rows are skipped, so two
   * processes never take the same mail. The claim leases the row through next_attempt_at: a
   * process that dies mid-send leaves a 'sending' row that becomes due again 5 minutes later.
   */
  async function claim(cutoff: string): Promise<number[]> {
    const res = (await db.execute(sql`
      with due as materialized (
        select id from mail_outbox
        where status in ('pending', 'sending') and next_attempt_at <= ${cutoff}::timestamptz
        order by next_attempt_at, id
        limit ${batchSize}
        for update skip locked
      )
      update mail_outbox m
      set status = 'sending', attempts = m.attempts + 1, last_attempt_at = now(),
        next_attempt_at = now() + interval '5 minutes'
      from due where m.id = due.id
      returning m.id`)) as unknown as Rows;
    return res.rows.map((r) => Number(r.id));
  }

  async function deliverOne(row: typeof mailOutbox.$inferSelect, result: DrainResult) {
    const mine = and(
      eq(mailOutbox.id, row.id),
      eq(mailOutbox.status, 'sending'),
      eq(mailOutbox.attempts, row.attempts),
    );
    const ctx = { id: row.id, messageId: row.messageId, attempt: row.attempts };
    try {
      const ids = row.attachments.map((a) => a.attachmentId);
      const bodies = ids.length ? await db.select().from(mailAttachments).where(inArray(mailAttachments.id, ids)) : [];
      const attachments = row.attachments.map((a) => {
        const body = bodies.find((b) => b.id === a.attachmentId);
        if (!body) throw new Error(`pièce jointe ${a.attachmentId} introuvable`);
        return { filename: a.filename, contentType: a.contentType, content: body.content };
      });
      const where = await delivery.deliver({ ...row, attachments });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: sql`now()`, ...forgetPersonalLinks(row) })
        .where(mine);
      result.sent++;
      log.info({ ...ctx, where }, 'courriel remis');
    } catch (err) {
      const lastError = rawMailError(err);
      if (row.attempts >= maxAttempts) {
        // Given up: a working link would otherwise wait in the outbox and its backups until the
        // retention purge. « Renvoyer » then refuses such a mail; staff send a new one from its record.
        await db
          .update(mailOutbox)
          .set({ status: 'failed', lastError, ...forgetPersonalLinks(row) })
          .where(mine);
        result.failed++;
        log.error({ ...ctx, err: lastError }, 'courriel abandonné après la dernière tentative');
        return;
      }
      const delay = retryDelays[Math.min(row.attempts, retryDelays.length) - 1];
      await db
        .update(mailOutbox)
        .set({ status: 'pending', lastError, nextAttemptAt: sql`now() + ${delay}::integer * interval '1 millisecond'` })
        .where(mine);
      result.retried++;
      log.warn({ ...ctx, err: lastError, retryInMs: delay }, 'échec d’envoi du courriel, nouvel essai prévu');
    }
  }

  /** One pass: every row due at its start, so a mail failing right now waits for its retry delay. */
  async function pass(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
    const now = (await db.execute(sql`select clock_timestamp()::text as t`)) as unknown as Rows;
    const cutoff = String(now.rows[0]?.t);
    // Once stopped, no new claim: what is claimed is finished, the rest waits for the next start.
    while (!stopped) {
      const ids = await claim(cutoff);
      if (ids.length === 0) break;
      const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
      for (const row of rows) await deliverOne(row, result);
    }
    return result;
  }

  // Passes run one after another; a wake during a pass queues at most one more.
  let queue: Promise<unknown> = Promise.resolve();
  let queued = false;
  const wake = () => {
    if (!background || stopped || queued) return;
    queued = true;
    queue = queue
      .then(() => {
        queued = false;
        return pass();
      })
      .catch((err: unknown) => log.error({ err }, 'distribution des courriels interrompue'));
  };
  const drain = () => {
    const p = queue.then(pass);
    queue = p.catch(() => undefined);
    return p;
  };

  const timer = background ? setInterval(wake, opts.intervalMs ?? 2_000) : undefined;
  timer?.unref();
  if (background) {
    log.info({ kind: opts.kind, delivery: delivery.describe }, 'distribution des courriels démarrée');
    wake(); // mail left from before a restart
  }

  return {
    wake,
    drain,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await queue;
    },
  };
}
