import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
// By path, as page-preloads.ts: Vite loads its config with Node.
import { pages } from '../contract/src/pages.ts';
import { PAGE_MODULES } from './page-preloads.ts';

type ChunkingContext = Parameters<Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>>[1];

const ENTRY = 'src/main.tsx';
/** The public forms' screens, and the directory's, whose page must not carry the forms' code. */
const FORM_PAGES = [pages.inscriptionProprietaire, pages.inscriptionPartenaire, pages.demandeEtudiant].map(
  (p) => PAGE_MODULES[p][0],
);
/** The directory's screen, then TanStack Query's client (which the personal pages and the admin load too). */
const [DIRECTORY_PAGE, QUERIES] = PAGE_MODULES[pages.partenaires];
const QUERY_MODULES = /\/node_modules\/@tanstack\/|\/web\/src\/lib\/queries\.tsx$/;
/** The portal's own modules; the forms' group adds react-hook-form, which only forms use. */
const APP_MODULES = /\/(web|contract)\/src\//;
const FORM_MODULES = /\/(web|contract)\/src\/|\/node_modules\/(react-hook-form|@hookform\/resolvers)\//;

/**
 * Fewer files for a public page's first screen. Left to itself the bundler cut each page into a
 * dozen chunks of 1–2 KiB (one per set of pages sharing a module), and on a phone's slow network
 * each file is a round trip more: measured with Lighthouse, merging them brought the first paint
 * of the forms from 2.5 s to 2.1–2.3 s (docs/benchmarks.md). Three groups, each one file, no
 * module in two of them (a module copied into two chunks would run twice, its state split):
 * - `requetes`: TanStack Query and its client (lib/queries.tsx), for the screens that read through it;
 * - `public`: what the forms share with the directory (the API client, the notice…);
 * - `formulaires`: what two public forms or more share (the form hook, fields, banner, honeypot…).
 * The admin area's chunks import from these as they need.
 */
export function chunkGroups(root: string): Rolldown.CodeSplittingGroup[] {
  const closures = new Map<string, Set<string>>();
  /** Every module `file` imports statically, itself included. */
  const reach = (file: string, ctx: ChunkingContext) => {
    const start = path.resolve(root, file);
    let seen = closures.get(start);
    if (seen) return seen;
    seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = ctx.getModuleInfo(id);
      // Rolldown lists dynamic imports among `importedIds` too: those load apart, later.
      const later = new Set(info?.dynamicallyImportedIds ?? []);
      stack.push(...(info?.importedIds ?? []).filter((i) => !later.has(i)));
    }
    closures.set(start, seen);
    return seen;
  };
  /**
   * Shared by two forms at least (what one form alone uses stays in its page's chunk), and not
   * already loaded by the entry (every page would then load the group).
   */
  const inForms = (id: string, ctx: ChunkingContext) =>
    !reach(ENTRY, ctx).has(id) && FORM_PAGES.filter((f) => reach(f, ctx).has(id)).length >= 2;
  const inDirectory = (id: string, ctx: ChunkingContext) => reach(DIRECTORY_PAGE, ctx).has(id);
  // Each group takes the modules named here and nothing else: with their dependencies, a group
  // took MUI's whole index (re-exporting every component) and the first screen with it.
  const alone = { includeDependenciesRecursively: false };
  return [
    {
      name: (id, ctx) =>
        QUERY_MODULES.test(id) && reach(QUERIES, ctx).has(id) && !reach(ENTRY, ctx).has(id) ? 'requetes' : null,
      priority: 3,
      ...alone,
    },
    {
      name: (id, ctx) => (APP_MODULES.test(id) && inForms(id, ctx) && inDirectory(id, ctx) ? 'public' : null),
      priority: 2,
      ...alone,
    },
    {
      name: (id, ctx) => (FORM_MODULES.test(id) && inForms(id, ctx) && !inDirectory(id, ctx) ? 'formulaires' : null),
      priority: 1,
      ...alone,
    },
  ];
}

/** Stops the build if a module sits in two chunks (see chunkGroups). */
export function oneChunkPerModule(): Plugin {
  return {
    name: 'guichet-one-chunk-per-module',
    apply: 'build',
    generateBundle(_options, bundle) {
      const owner = new Map<string, string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          const other = owner.get(id);
          if (other)
            this.error(`${id} est à la fois dans ${other} et dans ${chunk.fileName} : il s'exécuterait deux fois`);
          owner.set(id, chunk.fileName);
        }
      }
    },
  };
}
