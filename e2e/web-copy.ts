import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's copy of web/dist (e2e/global-setup.ts), served by every portal. */
    e2eWebApp: string;
  }
}

// E2E_WEB_DIST: a build of one's own, when several engineers build web/dist in one tree.
const webDist = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../web/dist', import.meta.url));

/**
 * A whole copy of web/dist, so that another build during the run (engineers share a tree) cannot
 * swap the bundle under a page that is loading. Taken again while a build is half-written (index
 * or an asset missing).
 */
export async function copyOfWebApp(): Promise<string> {
  if (!existsSync(`${webDist}/index.html`))
    throw new Error('web/dist absent : lancez « npm run build » (npm test le fait).');
  for (let attempt = 0; ; attempt++) {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'guichet-web-'));
    try {
      cpSync(webDist, dist, { recursive: true });
      const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
      const assets = [...index.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
      if (assets.length && assets.every((a) => existsSync(path.join(dist, a)))) return dist;
    } catch {
      // Copied while the build replaced the folder: try again.
    }
    rmSync(dist, { recursive: true, force: true });
    if (attempt >= 30) throw new Error('web/dist incomplet : lancez « npm run build -w web ».');
    await new Promise((r) => setTimeout(r, 1000));
  }
}
