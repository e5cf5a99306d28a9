import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
// By path: Vite loads its config with Node, which cannot import the workspace's TypeScript package.
import { pages } from '../contract/src/pages.ts';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * The modules each public page loads lazily (the `lazy` of src/app/router.tsx, same files): the
 * server lists their chunks as `<link rel="modulepreload">` in the page it sends, so the browser
 * fetches them beside the entry instead of after it has run (one round trip less before the
 * first screen). A module missing from the build stops it: this list cannot drift silently.
 */
export const PAGE_MODULES: Record<string, string[]> = {
  [pages.inscriptionProprietaire]: ['src/features/inscriptions/wizard-page.tsx'],
  [pages.inscriptionPartenaire]: ['src/features/partenaires/register-page.tsx'],
  [pages.demandeEtudiant]: ['src/features/etudiants/request-page.tsx'],
  [pages.partenaires]: ['src/features/partenaires/directory-page.tsx', 'src/lib/queries.tsx'],
  [pages.updatePartenaire]: ['src/features/partenaires/self-update-page.tsx', 'src/lib/queries.tsx'],
  [pages.logement]: ['src/features/inscriptions/logement-page.tsx', 'src/lib/queries.tsx'],
  [pages.accessibilite]: ['src/features/home/legal-pages.tsx'],
  [pages.mentionsLegales]: ['src/features/home/legal-pages.tsx'],
  [pages.donneesPersonnelles]: ['src/features/home/legal-pages.tsx'],
};

/** Where the map is written: a dot-directory, never served; the server reads it at start. */
export const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

/** Page pattern → chunk files (`assets/…`) beyond those the entry already loads. */
export function pagePreloadMap(bundle: OutputBundle, root: string, modules = PAGE_MODULES): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: OutputChunk, into = new Set<string>()) => {
    if (into.has(start.fileName)) return into;
    into.add(start.fileName);
    for (const i of start.imports) {
      const c = byFile.get(i);
      if (c) closure(c, into);
    }
    return into;
  };
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('page-preloads : pas de point d’entrée dans la construction');
  const loaded = closure(entry);
  const map: Record<string, string[]> = {};
  for (const [page, files] of Object.entries(modules)) {
    const wanted = new Set<string>();
    for (const file of files) {
      const id = path.resolve(root, file);
      // Its own chunk, or the group that holds it (chunk-groups.ts): one chunk either way.
      const chunk = chunks.find((c) => c.moduleIds.includes(id));
      if (!chunk) throw new Error(`page-preloads : ${file} (${page}) n'est dans aucun fichier de la construction`);
      closure(chunk, wanted);
    }
    map[page] = [...wanted].filter((f) => !loaded.has(f)).sort();
  }
  return map;
}

/** Vite plugin: writes PAGE_PRELOADS_FILE beside the manifest. */
export function pagePreloads(): Plugin {
  let root = '.';
  return {
    name: 'guichet-page-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: PAGE_PRELOADS_FILE,
        source: `${JSON.stringify(pagePreloadMap(bundle, root), null, 2)}\n`,
      });
    },
  };
}
