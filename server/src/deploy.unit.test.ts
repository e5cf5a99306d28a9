import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildServer, EXTERNAL, packageOf, serverBundle, userBundle } from '../../scripts/build-server.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (p: string) => readFileSync(path.join(root, p), 'utf8');
const dockerfile = read('Dockerfile');
const json = (p: string) => JSON.parse(read(p));

/** The image's instructions of one kind, continuation lines joined. */
const instructions = (kind: string) =>
  dockerfile
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((l) => l.startsWith(`${kind} `))
    .map((l) => l.slice(kind.length + 1).trim());

describe('image Docker', () => {
  it('lance le même paquet du serveur que `npm start`', () => {
    const cmd = JSON.parse(instructions('CMD').at(-1) as string) as string[];
    expect(cmd).toEqual(['node', '--enable-source-maps', path.relative(root, serverBundle)]);
    // scripts/start.mjs spawns the same bundle with the same flag.
    expect(read('scripts/start.mjs')).toContain("spawn(process.execPath, ['--enable-source-maps', serverBundle]");
  });

  it('repose sur Node 24 LTS, que `engines` déclare, et tourne sous un compte sans privilège', () => {
    const bases = instructions('FROM').map((f) => f.split(' ')[0]);
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const b of bases) expect(b).toMatch(/^node:24(-|$)/);
    expect(json('package.json').engines.node).toContain('24');
    expect(instructions('USER')).toEqual(['node']);
  });

  it('installe les seules dépendances de production du serveur et copie ce que le paquet lit à côté de lui', () => {
    expect(instructions('RUN').some((r) => r.includes('npm ci --omit=dev --workspace server'))).toBe(true);
    const copies = instructions('COPY').join('\n');
    // main.ts reads ../../web/dist and migrate.ts ../drizzle, relative to server/dist/main.mjs.
    for (const p of ['server/dist', 'server/drizzle', 'web/dist']) expect(copies).toContain(`/app/${p} ${p}`);
  });

  it('les paquets du serveur portent ou importent toutes les dépendances de production du serveur, et rien d’autre', async () => {
    const result = await buildServer({ write: false, metafile: true });
    // The portal and the staff command (`node server/dist/user.mjs` in the image), side by side in server/dist.
    const bundles = Object.keys(result.metafile.outputs).filter((o) => o.endsWith('.mjs'));
    expect(bundles.map((o) => path.basename(o)).sort()).toEqual([
      path.basename(serverBundle),
      path.basename(userBundle),
    ]);
    expect(path.dirname(userBundle)).toBe(path.dirname(serverBundle));
    const builtins = new Set(builtinModules);
    const imported = new Set<string>();
    for (const out of Object.values(result.metafile.outputs))
      for (const i of out.imports)
        if (i.external && !i.path.startsWith('node:') && !builtins.has(i.path)) imported.add(packageOf(i.path));
    // What the bundles carry inside them: the packages their modules come from.
    const inside = new Set(
      Object.keys(result.metafile.inputs).flatMap((f) => {
        const m = f.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
        return m ? [m[1]] : [];
      }),
    );
    // The packages left in node_modules (EXTERNAL) are the ones the image installs for them.
    expect([...imported].sort()).toEqual([...EXTERNAL].sort());
    const production = Object.keys(json('server/package.json').dependencies);
    expect([...imported].filter((p) => !production.includes(p))).toEqual([]);
    // No build or test tool inside: everything carried comes from the production dependencies' tree.
    for (const tool of ['esbuild', 'tsx', 'typescript', 'vitest', 'drizzle-kit', 'smtp-server', 'mailparser']) {
      expect(inside.has(tool), tool).toBe(false);
    }
    // The workspace's contract is inside the bundle: the image carries no TypeScript sources.
    expect([...imported].filter((p) => p.startsWith('@guichet/'))).toEqual([]);
    // And the other way: a production dependency no bundle imports nor carries (a build tool, a
    // leftover) is installed in the image for nothing.
    expect(production.filter((p) => !p.startsWith('@guichet/') && !imported.has(p) && !inside.has(p))).toEqual([]);
  }, 60_000);

  it('le portail charge à la première utilisation le PDF, les images, le courrier, le pilote PostgreSQL et la documentation de l’API, pas au démarrage', async () => {
    const result = await buildServer({ write: false, metafile: true });
    const main = Object.entries(result.metafile.outputs).find(([o]) => o.endsWith(path.basename(serverBundle)))?.[1];
    const atStart = new Set(
      main?.imports.filter((i) => i.external && i.kind === 'import-statement').map((i) => i.path),
    );
    const later = new Set(main?.imports.filter((i) => i.external && i.kind === 'dynamic-import').map((i) => i.path));
    // Measured: a quarter of a second for pdfkit, 0.2 s for sharp, 0.1 s each for nodemailer and pg,
    // 0.3 s for the API's map (swagger and yaml).
    for (const p of ['pdfkit', 'sharp', 'nodemailer', 'pg', '@fastify/swagger', '@fastify/swagger-ui']) {
      expect(atStart.has(p), p).toBe(false);
      expect(later.has(p), p).toBe(true);
    }
    // zod's messages: French, and English that zod sets itself before the portal's call; not its forty others.
    const locales = Object.keys(main?.inputs ?? {}).filter((f) => /zod\/v4\/locales\//.test(f));
    expect(locales.map((f) => path.basename(f)).sort()).toEqual(['en.js', 'fr.js']);
  }, 60_000);
});
