import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** JSON bodies from this size up are compressed; below it, headers cost more than the bytes saved. */
export const COMPRESS_THRESHOLD = 1024;
/**
 * Compresses API answers (brotli or gzip, as the client accepts): JSON from COMPRESS_THRESHOLD
 * bytes, and CSV exports as they stream (brotli at quality 4 keeps pace, ~60 MB/s a core). Types
 * already compressed (PDF, PNG and JPEG logos) are left alone, as is a reply that sets its own
 * Content-Encoding (the public directory's cached copies). Request bodies are never decompressed.
 * Registered before the routes: the plugin attaches itself to each route as it is declared.
 */
export async function registerCompression(app: FastifyInstance) {
  // The web app's files go out as the build compressed them (@fastify/static `preCompressed`);
  // a file too small to have a copy is not worth compressing on every request.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && route.url !== '/logout') route.compress ??= false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    globalDecompression: false,
  });
}

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to send for an Accept-Encoding header: brotli before gzip, `q=0` refuses, `*`
 * stands for either; undefined means the raw bytes.
 */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = weight ? Number(weight.slice(2)) : 1;
    if (name) q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const weightOf = (e: Encoding) => q.get(e) ?? q.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return undefined;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses bytes that are sent many times (the public directory): off the event loop, at a
 * quality between the on-the-fly default (4) and the build's best (11), which costs seconds on
 * a large body.
 */
export function compressOnce(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 6,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: 6 });
}
