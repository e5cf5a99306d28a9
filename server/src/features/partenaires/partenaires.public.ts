import {
  partenaireEndpoints as api,
  LOGO_MAX_BYTES,
  LOGO_NAME,
  logoEndpoints,
  PARTENAIRE_MESSAGES as M,
  MESSAGES,
} from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { addressGroup } from '../../platform/client-address.ts';
import { acceptedEncoding } from '../../platform/compression.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { publicForm, rateLimited } from '../../platform/public-form.ts';
import { route } from '../../platform/route.ts';
import { directoryCache } from './directory-cache.ts';
import { reencodeLogo } from './logo-image.ts';
import { logoQuota } from './logo-quota.ts';
import { logosRepository } from './logos.repository.ts';
import * as rules from './partenaires.service.ts';

/** Registration, directory, personal-link self-update, logo upload and download (spec §7 Public calls). */
export async function partenairesPublicRoutes(app: AppInstance) {
  const deps = { db: app.db, mail: app.mail, linkDays: app.config.partnerLinkDays };
  const quota = logoQuota(
    { perAddressKb: app.config.logoQuotaKbPerAddress, totalOrphanBytes: app.config.logoQuotaKbTotal * 1024 },
    app.rateCounters,
  );
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
    return reply.type('application/json; charset=utf-8').send(body);
  });

  route(app, api.byToken, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { partenaire: await rules.viewByToken(deps, request.params.token) };
  });

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

  route(
    app,
    logoEndpoints.upload,
    async (request) => {
      const refused = () => badRequest([{ key: 'logo', error: MESSAGES.erreurLogo }], MESSAGES.erreurLogo);
      if (!request.isMultipart()) throw refused();
      const part = await request.file().catch(() => undefined);
      if (part?.fieldname !== 'logo') throw refused();
      // The multipart limit (3 MB) cuts the stream: an oversized file is never read whole.
      const bytes = await part.toBuffer().catch(() => undefined);
      if (!bytes || part.file.truncated || bytes.length > LOGO_MAX_BYTES) throw refused();
      const logo = await reencodeLogo(bytes);
      if (!logo) throw refused();
      // Expired orphans are deleted, then the logo is stored if the bounds allow it.
      await quota.store(app.db, addressGroup(request.ip), logo);
      return { status: 'success' as const, file: logo.name };
    },
    { config: rateLimited(limit) },
  );

  route(app, logoEndpoints.download, async (request, reply) => {
    const { file } = request.params;
    // Only names this server generated: no path, no other file can be asked for.
    const logo = LOGO_NAME.test(file) ? await logosRepository.find(app.db, file) : undefined;
    if (!logo) throw notFound('Fichier introuvable.');
    return reply
      .header('content-type', logo.contentType)
      .header('content-disposition', `inline; filename="${file}"`)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(logo.data);
  });
}
