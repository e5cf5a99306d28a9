import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };

/**
 * What a first visit downloads, gzip: the entry's static import closure, plus the lazily
 * loaded route modules that page needs before it can show anything.
 */
export function firstLoad(dist: string, routeModules: string[]) {
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
  for (const m of routeModules) {
    if (!manifest[m]) throw new Error(`module absent du manifeste : ${m}`);
    visit(m);
  }
  let js = 0;
  let css = 0;
  for (const f of files) {
    const size = gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
    if (f.endsWith('.css')) css += size;
    else js += size;
  }
  // The data grid's class prefix: present only if the page pulled the admin table in.
  const hasGrid = [...files].some((f) => readFileSync(path.join(dist, f), 'utf8').includes('MuiDataGrid'));
  return { js, css, total: js + css, files: files.size, hasGrid };
}
