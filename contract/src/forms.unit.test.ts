import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as forms from './forms.ts';
import { logementFieldsSchema, proprietaireSchema } from './inscription.ts';
import { partenaireFieldsSchema } from './partenaire.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** Every module `file` imports, itself included, following relative imports and exports. */
function moduleGraph(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);
  seen.set(file, specifiers);
  for (const s of specifiers) if (s.startsWith('.')) moduleGraph(resolve(dirname(file), s), seen);
  return seen;
}

describe('@guichet/contract/forms, le premier écran des formulaires publics', () => {
  it('n’importe zod nulle part (ni directement, ni par un module du contrat)', () => {
    const graph = moduleGraph(resolve(here, 'forms.ts'));
    const modules = [...graph.keys()].map((f) => f.slice(here.length + 1));
    expect(modules).toEqual(expect.arrayContaining(['partenaire-form.ts', 'inscription-form.ts', 'etudiant-form.ts']));
    const withZod = [...graph].filter(([, specs]) => specs.some((s) => !s.startsWith('.')));
    expect(withZod.map(([f]) => f)).toEqual([]);
  });

  it('les libellés du formulaire partenaire sont ceux de son schéma, dans le même ordre', () => {
    expect(forms.PARTENAIRE_FIELD_KEYS).toEqual(Object.keys(partenaireFieldsSchema.shape));
  });

  it('les champs de l’assistant sont ceux de ses schémas, dans le même ordre', () => {
    expect(forms.PROPRIETAIRE_FIELDS).toEqual(Object.keys(proprietaireSchema.shape));
    expect(forms.LOGEMENT_FIELDS).toEqual(Object.keys(logementFieldsSchema.shape));
  });

  it('la limite de saisie de l’assistant est celle que son schéma refuse au-delà', () => {
    expect(proprietaireSchema.shape.nom.safeParse('A'.repeat(forms.INSCRIPTION_MAX.nom)).success).toBe(true);
    expect(proprietaireSchema.shape.nom.safeParse('A'.repeat(forms.INSCRIPTION_MAX.nom + 1)).success).toBe(false);
  });
});
