import type { Categorie, EndpointResponse, Filtre, partenaireEndpoints, referenceEndpoints } from '@guichet/contract';
import { CATEGORIES_ELEMENT_ID, FILTRES_ELEMENT_ID } from '@guichet/contract/page-data';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { addressOf, callAddress } from '../../lib/api.ts';
import { inlinedJson, PAGE_LOADED_AT } from '../../lib/page-data.ts';

/**
 * The public directory's calls, and the reference lists it shares with the staff pages, by their
 * addresses (`addressOf`, held to the contract's declarations by the compiler): nothing here imports
 * the endpoint table's schemas, so the directory's first load goes without zod (~30 Kio).
 */
const directory = addressOf<typeof partenaireEndpoints.directory>({ method: 'GET', path: '/api/partenaire/get/valid' });
const categories = addressOf<typeof referenceEndpoints.categories>({ method: 'GET', path: '/api/categorie/get/all' });
const filtres = addressOf<typeof referenceEndpoints.filtres>({ method: 'GET', path: '/api/filtre/get/all' });

/** A partner of the public directory. */
export type DirectoryEntry = EndpointResponse<typeof partenaireEndpoints.directory>[number];

export const directoryKey = (filtre: number | null) => ['partenaires', 'annuaire', filtre] as const;

export const directoryQuery = (filtre: number | null) =>
  queryOptions({
    queryKey: directoryKey(filtre),
    queryFn: () => callAddress(directory, { query: filtre ? { filtres: [filtre] } : {} }),
    placeholderData: keepPreviousData,
  });

// ── Reference lists: one cache entry each, shared by the directory and the staff pages ─────
// The page brings both lists (server/src/platform/web-app.ts): the directory shows its themes
// with its first screen, without a call and without the list moving down when they arrive.
// Their shape is checked field by field, as `categorieSchema` and `filtreSchema` would
// (directory-api.unit.test.ts holds them to the same answers): a page of an older version, or
// nothing readable, and the lists are asked for.
const isRow = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
export const isCategories = (value: unknown): value is Categorie[] =>
  Array.isArray(value) && value.every((c) => isRow(c) && Number.isInteger(c.id) && typeof c.libelle === 'string');
export const isFiltres = (value: unknown): value is Filtre[] =>
  isCategories(value) && value.every((f) => typeof (f as Record<string, unknown>).tag === 'string');

const REFERENCE_STALE_MS = 5 * 60_000;
const inlined = <T>(id: string, check: (v: unknown) => v is T) => {
  const value = inlinedJson(id);
  return check(value) ? value : undefined;
};
export const categoriesQuery = queryOptions({
  queryKey: [categories.path],
  queryFn: () => callAddress(categories),
  staleTime: REFERENCE_STALE_MS,
  initialData: () => inlined(CATEGORIES_ELEMENT_ID, isCategories),
  initialDataUpdatedAt: PAGE_LOADED_AT,
});
export const filtresQuery = queryOptions({
  queryKey: [filtres.path],
  queryFn: () => callAddress(filtres),
  staleTime: REFERENCE_STALE_MS,
  initialData: () => inlined(FILTRES_ELEMENT_ID, isFiltres),
  initialDataUpdatedAt: PAGE_LOADED_AT,
});
export const useCategories = () => useQuery(categoriesQuery);
export const useFiltres = () => useQuery(filtresQuery);
