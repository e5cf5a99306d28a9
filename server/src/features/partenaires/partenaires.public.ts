import { partenaireEndpoints as api, PARTENAIRE_MESSAGES as M } from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { acceptedEncoding } from '../../platform/compression.ts';
import { publicForm } from '../../platform/public-form.ts';
import { route } from '../../platform/route.ts';
import { directoryCache } from './directory-cache.ts';
import * as rules from './partenaires.service.ts';
import { sendPartnerLinks } from './partner-links.ts';

/** Registration, directory and personal-link self-update (docs/spec/portal-spec.md §7 Public calls); logos: features/logos. */
export async function partenairesPublicRoutes(app: AppInstance) {
  const deps = { db: app.db, mail: app.mail, linkDays: app.config.partnerLinkDays };
  // Anyone may write here: rate limit per address (0 turns it off) and the honeypot, which
  // answers a robot with the form's own success message.
  const limit = app.config.publicFormRateLimit;
  const success = (message: string) => ({ status: 'success' as const, message });

  route(
    app,
    api.add,
    async (request) => {
      const { typePartenaire, ...fields } = request.body;
      await rules.register(deps, fields, typePartenaire);
      return success(M.inscriptionEnregistree);
    },
    { config: publicForm(limit, M.inscriptionEnregistree) },
  );

  route(app, api.directory, async (request, reply) => {
    const entry = await directoryCache.get(app.db, request.query.filtres);
    // Compressed once per cache entry, not per visitor; a Content-Encoding set here keeps the
    // compress plugin off these bytes.
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    const { body, etag } = await directoryCache.encoded(entry, encoding);
    // The body is already JSON of exactly the public fields (the repository's select), as
    // bytes: it is sent as is, past the serializer.
    reply.header('etag', etag).header('cache-control', 'public, max-age=10').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (body !== entry.body) reply.header('content-encoding', encoding);
    // The same for every visitor until the list changes: the next ones get it at the door.
    app.replay.keep(request, body, () => directoryCache.isCurrent(app.db, entry));
    return reply.type('application/json; charset=utf-8').send(body);
  });

  route(app, api.byToken, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { partenaire: await rules.viewByToken(deps, request.params.token) };
  });

  // A used or expired link's page: the same answer, at the same moment, whether the address is
  // known or not; the lookup and the mail come after it (the honeypot answers it too).
  route(
    app,
    api.lien,
    async (request) => {
      const { email } = request.body;
      app.afterResponse.run('lien-partenaire', async () => {
        await sendPartnerLinks(deps, email);
      });
      return success(M.lienDemande);
    },
    { config: publicForm(limit, M.lienDemande) },
  );

  route(
    app,
    api.confirm,
    async (request) => {
      await rules.confirmUnchanged(deps, request.params.id, request.body.token);
      return success(M.infosConfirmees);
    },
    { config: publicForm(limit, M.infosConfirmees) },
  );

  route(
    app,
    api.propose,
    async (request) => {
      const { token, ...fields } = request.body;
      await rules.propose(deps, request.params.id, token, fields);
      return success(M.modificationsEnvoyees);
    },
    { config: publicForm(limit, M.modificationsEnvoyees) },
  );
}
