import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PAGE_PRELOADS_FILE } from '../web/page-preloads.ts';

type Chunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };

/** What a browser announces; the server picks brotli or gzip from it. */
export const BROWSER_ENCODINGS = 'br, gzip';

export type FirstLoad = {
  /** Body bytes as transferred with Accept-Encoding: br, gzip. */
  js: number;
  css: number;
  html: number;
  total: number;
  /** The same files without Accept-Encoding: what went out before compression. */
  raw: number;
  files: number;
  /** Each file's Content-Encoding, to show what the server chose. */
  encodings: string[];
  hasGrid: boolean;
};

function fetchBytes(url: string, encoding?: string): Promise<{ status: number; body: Buffer; encoding?: string }> {
  return new Promise((resolve, reject) => {
    const headers = encoding ? { 'accept-encoding': encoding } : {};
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            encoding: res.headers['content-encoding'],
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * What a first visit downloads, measured over HTTP from the running server: the page itself,
 * the entry's static import closure and the lazily loaded route modules that page needs before
 * it can show anything. The manifest only says which files; the bytes are those on the wire.
 */
export async function firstLoad(
  base: string,
  dist: string,
  route: { modules: string[] } | { page: string },
): Promise<FirstLoad> {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const c = manifest[key];
    if (!c || files.has(c.file)) return;
    files.add(c.file);
    for (const css of c.css ?? []) files.add(css);
    for (const i of c.imports ?? []) visit(i);
  };
  visit('index.html');
  if ('page' in route) {
    // A public page: the chunks the server announces for it (web/page-preloads.ts), a module
    // there possibly sitting in a shared group (web/chunk-groups.ts) rather than its own chunk.
    const preloads = JSON.parse(readFileSync(path.join(dist, PAGE_PRELOADS_FILE), 'utf8')) as Record<string, string[]>;
    const byFile = new Map(Object.entries(manifest).map(([key, c]) => [c.file, key]));
    for (const file of preloads[route.page] ?? []) {
      const key = byFile.get(file);
      if (!key) throw new Error(`fichier absent du manifeste : ${file}`);
      visit(key);
    }
  }
  for (const m of 'modules' in route ? route.modules : []) {
    if (!manifest[m]) throw new Error(`module absent du manifeste : ${m}`);
    visit(m);
  }
  const result: FirstLoad = { js: 0, css: 0, html: 0, total: 0, raw: 0, files: 0, encodings: [], hasGrid: false };
  for (const f of ['index.html', ...files]) {
    const url = `${base}/${f === 'index.html' ? '' : f}`;
    const [sent, raw] = await Promise.all([fetchBytes(url, BROWSER_ENCODINGS), fetchBytes(url)]);
    if (sent.status !== 200 || raw.status !== 200) throw new Error(`${url} : HTTP ${sent.status}/${raw.status}`);
    const size = sent.body.length;
    if (f.endsWith('.css')) result.css += size;
    else if (f === 'index.html') result.html += size;
    else result.js += size;
    result.raw += raw.body.length;
    result.files++;
    result.encodings.push(sent.encoding ?? 'identity');
    const text = (
      sent.encoding === 'br'
        ? brotliDecompressSync(sent.body)
        : sent.encoding === 'gzip'
          ? gunzipSync(sent.body)
          : sent.body
    ).toString('utf8');
    // The data grid's class prefix: present only if the page pulled the admin table in.
    if (text.includes('MuiDataGrid')) result.hasGrid = true;
  }
  result.total = result.js + result.css + result.html;
  return result;
}

/** One cell of the results table. */
export function describeFirstLoad(b: FirstLoad): string {
  const kb = (n: number) => (n / 1024).toFixed(1);
  const used = [...new Set(b.encodings)].join('/');
  return (
    `${kb(b.total)} Kio transférés (${used}) : ${kb(b.js)} JS + ${kb(b.css)} CSS + ${kb(b.html)} HTML, ` +
    `${b.files} fichiers ; ${kb(b.raw)} Kio sans compression ; grille : ${b.hasGrid ? 'oui' : 'non'}`
  );
}
