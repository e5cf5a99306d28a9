import type { DbOrTx } from '../../db/client.ts';
import { enqueueMail, type OutgoingMail } from './outbox.ts';
import { type MailContent, type RenderedMail, renderMail } from './render.ts';

export { DEFAULT_RETRY_DELAYS_MS, type DrainResult, type MailDispatcher, startMailDispatcher } from './dispatcher.ts';
export { type CourrielRow, mailRepository } from './mail.repository.ts';
export { enqueueMail, type MailAttachment, type OutgoingMail, purgeOutbox } from './outbox.ts';
export {
  absoluteUrl,
  type MailContent,
  type MailSiteParams,
  PERSONAL_LINK_MARKER,
  type RenderedMail,
  renderMail,
} from './render.ts';
export { purgeSpool } from './transport.ts';

/**
 * What features use (`app.mail`): inside the transaction of the state change, `render` then
 * `enqueue`; after the commit, `wake`.
 */
export type Mailer = {
  enqueue: (tx: DbOrTx, mail: OutgoingMail) => Promise<number>;
  render: (content: MailContent) => RenderedMail;
  wake: () => void;
};

export function createMailer(opts: { publicUrl: string; wake: () => void }): Mailer {
  return {
    enqueue: (tx, mail) => enqueueMail(tx, mail, { publicUrl: opts.publicUrl }),
    render: (content) => renderMail({ ...content, publicUrl: opts.publicUrl }),
    wake: opts.wake,
  };
}
