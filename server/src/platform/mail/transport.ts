import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { loadOnce } from '../lazy.ts';
import type { MailAttachment } from './outbox.ts';

/** A queued mail as the dispatcher hands it over, attachment bodies loaded. */
export type DeliverableMail = {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
  attachments: MailAttachment[];
};
export type Delivery = {
  /** Where the mail went (SMTP reply or .eml path), for the log. Throws when it did not go. */
  deliver: (mail: DeliverableMail) => Promise<string>;
  describe: string;
};
export type DeliveryConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** A nodemailer transport, the module loaded at the first one. */
async function transportOf(options: Parameters<typeof import('nodemailer').createTransport>[0]) {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport(options);
}

function message(mail: DeliverableMail, from: string) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    date: mail.createdAt,
    // Tells auto-responders (absence notices) not to answer a robot.
    headers: { 'Auto-Submitted': 'auto-generated' },
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
  };
}

/** SMTP when SMTP_URL is set, otherwise an .eml spool under DATA_DIR/mail (docs/spec/decisions.md §1). */
export function createDelivery(config: DeliveryConfig): Delivery {
  return config.smtpUrl ? smtpDelivery(config.smtpUrl, config.mailFrom) : spoolDelivery(config);
}

function smtpDelivery(smtpUrl: string, from: string): Delivery {
  const url = new URL(smtpUrl);
  const local = LOOPBACK.has(url.hostname);
  // Made at the first mail, not at start: nodemailer took 0.1 s to load, before the portal could
  // answer anyone.
  const transporter = loadOnce(() =>
    transportOf({
      url: smtpUrl,
      // A local relay or test peer may speak plain SMTP. Any other server must offer STARTTLS
      // (smtps: is TLS from the start): mail carries personal data and links, and a man in the
      // middle who strips STARTTLS gets nothing, the mail waits and is retried.
      ignoreTLS: url.protocol === 'smtp:' && local,
      requireTLS: url.protocol === 'smtp:' && !local,
      // Bounded so a hung server cannot hold a claimed row past its 5-minute lease.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
      dnsTimeout: 10_000,
    }),
  );
  return {
    describe: `SMTP ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
    async deliver(mail) {
      const info = await (await transporter()).sendMail(message(mail, from));
      return info.response;
    },
  };
}

function spoolDelivery(config: DeliveryConfig): Delivery {
  const dir = path.join(config.dataDir, 'mail');
  const builder = loadOnce(() => transportOf({ streamTransport: true, buffer: true, newline: 'windows' }));
  return {
    describe: `fichiers .eml dans ${dir}`,
    async deliver(mail) {
      const { message: eml } = await (await builder()).sendMail(message(mail, config.mailFrom));
      // Only the portal's system account reads the spool: mails carry personal data and links.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // Time first so a listing is chronological; the Message-ID part keeps names unique across databases.
      const stamp = mail.createdAt
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z');
      const unique = mail.messageId.replace(/^<|@.*$/g, '');
      const file = path.join(dir, `${stamp}-${unique}.eml`);
      // Written whole then renamed: a reader never sees half a mail, a retry just replaces it.
      await writeFile(`${file}.tmp`, eml as Buffer, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      return file;
    },
  };
}

/**
 * Retention of the .eml spool (DATA_DIR/mail): files written before `before` go, like the sent
 * mails of the outbox. Returns how many went; a missing folder is an empty spool.
 */
export async function purgeSpool(dataDir: string, before: Date): Promise<number> {
  const dir = path.join(dataDir, 'mail');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.eml') && !name.endsWith('.eml.tmp')) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && info.mtime < before) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
