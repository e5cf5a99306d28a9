import { logoEndpoints } from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { addressGroup } from '../../platform/client-address.ts';
import { rateLimited } from '../../platform/public-form.ts';
import { route } from '../../platform/route.ts';
import { logoRefused, logosService } from './logos.service.ts';

/** The part's bytes up to the multipart limit, or undefined when the stream fails. */
async function readPart(stream: AsyncIterable<Buffer>): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk);
  } catch {
    return undefined;
  }
  return Buffer.concat(chunks);
}

/** Logo upload (the partner forms, before they are sent) and download (docs/spec/portal-spec.md §7 Public calls). */
export async function logosPublicRoutes(app: AppInstance) {
  const logos = logosService({
    db: app.db,
    counters: app.rateCounters,
    limits: { perAddressKb: app.config.logoQuotaKbPerAddress, totalOrphanBytes: app.config.logoQuotaKbTotal * 1024 },
  });

  route(
    app,
    logoEndpoints.upload,
    async (request) => {
      if (!request.isMultipart()) throw logoRefused();
      const part = await request.file().catch(() => undefined);
      if (part?.fieldname !== 'logo') throw logoRefused();
      // The multipart limit (3 MB) cuts the stream: an oversized file is never read whole (what
      // was read tells the refusal its format).
      const bytes = await readPart(part.file);
      const file = await logos.upload(addressGroup(request.ip), bytes, part.file.truncated);
      return { status: 'success' as const, file };
    },
    // Anyone may upload: the public forms' rate limit per address (0 turns it off).
    { config: rateLimited(app.config.publicFormRateLimit) },
  );

  route(app, logoEndpoints.download, async (request, reply) => {
    const { file } = request.params;
    const logo = await logos.find(file);
    return reply
      .header('content-type', logo.contentType)
      .header('content-disposition', `inline; filename="${file}"`)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(logo.data);
  });
}
