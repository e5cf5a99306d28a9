import {
  errorResponseSchema,
  LOGO_MAX_BYTES,
  LOGO_NAME,
  logoUploadResponseSchema,
  PARTENAIRE_MESSAGES as M,
  MESSAGES,
  partenaireAddSchema,
  partenaireConfirmSchema,
  partenaireIdParamsSchema,
  partenairePublicQuerySchema,
  partenairePublicSchema,
  partenaireSelfUpdateSchema,
  partenaireSelfViewSchema,
  successSchema,
} from '@guichet/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../platform/app-instance.ts';
import { addressGroup } from '../../platform/client-address.ts';
import { acceptedEncoding } from '../../platform/compression.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { publicForm, rateLimited } from '../../platform/public-form.ts';
import { directoryCache } from './directory-cache.ts';
import { reencodeLogo } from './logo-image.ts';
import { logoQuota } from './logo-quota.ts';
import { logosRepository } from './logos.repository.ts';
import * as rules from './partenaires.service.ts';

const tags = ['Partenaires'];
const errors = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};

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

  app.post(
    '/partenaire/add',
    {
      config: publicForm(limit, M.inscriptionEnregistree),
      schema: {
        tags,
        summary: 'Inscrit un partenaire (statut « En attente », inactif)',
        body: partenaireAddSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      const { typePartenaire, ...fields } = request.body;
      await rules.register(deps, fields, typePartenaire);
      return { status: 'success' as const, message: M.inscriptionEnregistree };
    },
  );

  app.get(
    '/partenaire/get/valid',
    {
      schema: {
        tags,
        summary: 'Annuaire public : partenaires validés et actifs, filtrables par thème',
        querystring: partenairePublicQuerySchema,
        response: { 200: z.array(partenairePublicSchema) },
      },
    },
    async (request, reply) => {
      const entry = await directoryCache.get(app.db, request.query.filtres);
      // Compressed once per cache entry, not per visitor; a Content-Encoding set here keeps the
      // compress plugin off these bytes.
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      const { body, etag } = await directoryCache.encoded(entry, encoding);
      // The body is already JSON of exactly the public fields (the repository's select), as
      // bytes: it skips the serializer, hence the plain reply type.
      const raw = reply as unknown as FastifyReply;
      raw.header('etag', etag).header('cache-control', 'public, max-age=10').header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === etag) return raw.code(304).send();
      if (body !== entry.body) raw.header('content-encoding', encoding);
      return raw.type('application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    '/partenaire/get/one/by/:token',
    {
      schema: {
        tags,
        summary: 'Informations du partenaire pour son lien personnel',
        params: z.object({ token: z.string().max(100) }),
        response: { 200: partenaireSelfViewSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { partenaire: await rules.viewByToken(deps, request.params.token) };
    },
  );

  app.post(
    '/partenaire/valid/infos/:id',
    {
      config: publicForm(limit, M.infosConfirmees),
      schema: {
        tags,
        summary: 'Le partenaire confirme ses informations sans les modifier (jeton du lien personnel)',
        params: partenaireIdParamsSchema,
        body: partenaireConfirmSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await rules.confirmUnchanged(deps, request.params.id, request.body.token);
      return { status: 'success' as const, message: M.infosConfirmees };
    },
  );

  app.post(
    '/partenaire/update/:id',
    {
      config: publicForm(limit, M.modificationsEnvoyees),
      schema: {
        tags,
        summary: 'Le partenaire propose des modifications, à valider par le guichet (jeton du lien personnel)',
        params: partenaireIdParamsSchema,
        body: partenaireSelfUpdateSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      const { token, ...fields } = request.body;
      await rules.propose(deps, request.params.id, token, fields);
      return { status: 'success' as const, message: M.modificationsEnvoyees };
    },
  );

  app.post(
    '/logo/upload',
    {
      config: rateLimited(limit),
      schema: {
        tags,
        summary: 'Téléverse un logo JPEG ou PNG de 3 Mo au plus (champ multipart « logo »)',
        consumes: ['multipart/form-data'],
        response: { 200: logoUploadResponseSchema, ...errors },
      },
    },
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
  );

  app.get(
    '/file/download/:file',
    {
      schema: {
        tags,
        summary: 'Un logo enregistré (PNG ou JPEG)',
        params: z.object({ file: z.string().max(100) }),
        produces: ['image/png', 'image/jpeg'],
        response: { 200: z.instanceof(Buffer), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
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
    },
  );
}
