import { courrielEndpoints as api, COURRIEL_MESSAGES as M } from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requireUser } from '../../platform/auth.ts';
import { mailRepository } from '../../platform/mail/index.ts';
import { route } from '../../platform/route.ts';
import { courrielDetail, resendFiltered, resendMails } from './courriels.service.ts';

/**
 * « Courriels »: the mail log and one mail's text (every agent of offers, partners and students);
 * « Renvoyer » (administrator).
 */
export async function courrielsAdminRoutes(app: AppInstance) {
  route(app, api.list, async (request) => {
    const { count, rows } = await mailRepository.list(app.db, request.query);
    return { count, courriels: rows };
  });

  route(app, api.detail, async (request) => ({
    courriel: await courrielDetail(app.db, await requireUser(request), request.params.id),
  }));

  route(app, api.resend, async (request) => {
    const actor = await requireUser(request);
    const renvoyes = await resendMails(app.db, actor, request.body.ids);
    app.mail.wake();
    return { status: 'success' as const, message: M.renvoyes(renvoyes.length), renvoyes };
  });

  route(app, api.resendCount, (request) => mailRepository.countFailed(app.db, request.query));

  route(app, api.resendFiltered, async (request) => {
    const actor = await requireUser(request);
    const renvoyes = await resendFiltered(app.db, actor, request.body.liste, request.body.attendu);
    app.mail.wake();
    return { status: 'success' as const, message: M.renvoyes(renvoyes.length), renvoyes };
  });
}
