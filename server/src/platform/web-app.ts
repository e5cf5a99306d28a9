import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@guichet/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from './app-instance.ts';
import { acceptedEncoding, COMPRESS_THRESHOLD, compressOnce, type Encoding } from './compression.ts';

/**
 * Data the page needs before its first screen, written into index.html as
 * `<script type="application/json" id="…">`: element id → loader, called on each page request
 * (the public parameters: one small query, so every process serves the current values).
 */
export type InlineData = Record<string, () => Promise<unknown>>;

const notFoundBody = { status: 'error', message: MESSAGES.introuvable, errors: [] };

/**
 * JSON that cannot end the script element it sits in: `<` (so no `</script>` nor `<!--`), `>`
 * and `&` written as \u escapes, which JSON.parse reads back as the same characters. U+2028 and
 * U+2029 too, for a reader that would take the text as JavaScript.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * index.html with, just before `</head>`, a modulepreload link per chunk the page loads lazily
 * (so they download beside the entry) and one data element per entry of `data`.
 */
export function inlineIntoHtml(html: string, data: Record<string, unknown>, preloads: string[] = []): string {
  const at = html.indexOf('</head>');
  if (at < 0) throw new Error('index.html sans </head> : impossible d’y placer les données de la page');
  const links = preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const blocks = Object.entries(data).map(
    ([id, value]) => `<script type="application/json" id="${id}">${jsonForHtml(value)}</script>`,
  );
  return html.slice(0, at) + [...links, ...blocks].join('') + html.slice(at);
}

/** The build's map of page pattern → lazily loaded chunks (web/page-preloads.ts), if any. */
export function readPagePreloads(dist: string): Record<string, string[]> {
  const file = path.join(dist, '.vite/page-preloads.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>) : {};
}

/** The chunks to announce for a URL path: those of the first page pattern it matches (`:x` is one segment). */
export function preloadsFor(map: Record<string, string[]>): (urlPath: string) => { key: string; files: string[] } {
  const patterns = Object.entries(map).map(([pattern, files]) => ({
    key: pattern,
    files,
    re: new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
  }));
  return (urlPath) => patterns.find((p) => p.re.test(urlPath)) ?? { key: '', files: [] };
}

type Rendered = { data: string; body: Buffer; etag: string; compressed: Partial<Record<Encoding, Promise<Buffer>>> };

/**
 * The built SPA: hashed assets cached for a year, every other page answered by index.html with
 * the inline data filled in. The page is `no-cache` with an ETag per representation, so a
 * returning visitor revalidates it in one round trip and gets the current parameters.
 */
export function serveWebApp(app: AppInstance, dist: string, inline: InlineData = {}) {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) throw new Error(`Application web introuvable dans ${dist} : lancez « npm run build ».`);
  const template = readFileSync(index, 'utf8');
  // The build's .br/.gz copies (web/precompress.ts), chosen by Accept-Encoding, with Vary.
  const files = { index: false, preCompressed: true } as const;
  // The hashed assets behind one route: a route per file (@fastify/static's `wildcard: false`) made
  // some 250 routes, 0.1 s of each start. A file not there goes on to the not-found handler (404).
  app.register(fastifyStatic, {
    ...files,
    root: path.join(dist, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    setHeaders: (reply) => reply.header('cache-control', 'public, max-age=31536000, immutable'),
  });
  // The few files beside the page (the icon), a route each; the page itself only with its data.
  app.register(fastifyStatic, {
    ...files,
    root: dist,
    wildcard: false,
    decorateReply: false,
    globIgnore: ['assets/**', 'index.html*', '**/*.br', '**/*.gz'],
    setHeaders: (reply) => reply.header('cache-control', 'no-cache'),
  });

  const preloads = preloadsFor(readPagePreloads(dist));
  // Each page as last rendered, and its compressed copies, made once per change of the data.
  const last = new Map<string, Rendered>();
  const render = async (urlPath: string): Promise<Rendered> => {
    const entries = await Promise.all(Object.entries(inline).map(async ([id, load]) => [id, await load()] as const));
    const data = JSON.stringify(entries);
    const page = preloads(urlPath);
    const known = last.get(page.key);
    if (known?.data === data) return known;
    const body = Buffer.from(inlineIntoHtml(template, Object.fromEntries(entries), page.files));
    const etag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    const rendered = { data, body, etag, compressed: {} };
    last.set(page.key, rendered);
    return rendered;
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = await render(request.url.split('?')[0]);
    const encoding =
      page.body.length >= COMPRESS_THRESHOLD ? acceptedEncoding(request.headers['accept-encoding']) : undefined;
    const etag = `"${page.etag}${encoding ? `-${encoding}` : ''}"`;
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', etag);
    const known = request.headers['if-none-match']?.split(',').map((t) => t.trim().replace(/^W\//, ''));
    if (known?.includes(etag)) return reply.code(304).send();
    if (!encoding) return reply.send(page.body);
    page.compressed[encoding] ??= compressOnce(page.body, encoding);
    return reply.header('content-encoding', encoding).send(await page.compressed[encoding]);
  };

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0]);
    if (!isPage) return reply.code(404).send(notFoundBody);
    return sendPage(request, reply);
  });
}
