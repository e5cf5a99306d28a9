import type { Categorie, Filtre } from '@guichet/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The category and theme lists, shared (one cache entry each) by the directory and the admin page. */
const reference = <T>(path: string) => ({
  queryKey: [path],
  queryFn: () => api.get<T[]>(path),
  staleTime: 5 * 60_000,
});
export const useCategories = () => useQuery(reference<Categorie>('categorie/get/all'));
export const useFiltres = () => useQuery(reference<Filtre>('filtre/get/all'));
