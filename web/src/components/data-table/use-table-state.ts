import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@guichet/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type Sort = { name: string; direction: 'asc' | 'desc' };

/**
 * A table's search, filters, sort and page live in the URL: the back button, a reload or a
 * shared link show the same rows.
 */
export function useTableState(defaultSort: Sort, filterNames: string[]) {
  const [sp, setSp] = useSearchParams();
  const state = useMemo(() => {
    const size = Number(sp.get('taille'));
    const filter: Record<string, string> = {};
    for (const name of filterNames) {
      const v = sp.get(`f.${name}`);
      if (v) filter[name] = v;
    }
    return {
      search: sp.get('recherche') ?? '',
      page: Math.max(0, Number(sp.get('page')) || 0),
      rowsPerPage: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
      sort: {
        name: sp.get('tri') ?? defaultSort.name,
        direction: (sp.get('ordre') === 'asc'
          ? 'asc'
          : sp.get('ordre') === 'desc'
            ? 'desc'
            : sp.get('tri')
              ? 'asc'
              : defaultSort.direction) as Sort['direction'],
      },
      filter,
    };
  }, [sp, defaultSort.name, defaultSort.direction, filterNames]);

  const update = useCallback(
    (changes: Record<string, string | number | null>, resetPage = true) => {
      // From the address as it is now, not as of the last render: React Router hands a
      // functional update the render's parameters, so two quick changes (a page size, then
      // a date) kept only the second.
      setSp(
        () => {
          const next = new URLSearchParams(window.location.search);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, String(v));
          }
          if (resetPage && !('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSp],
  );

  return {
    state,
    setSearch: (search: string) => update({ recherche: search }),
    setFilter: (name: string, value: string | null) => update({ [`f.${name}`]: value }),
    setPage: (page: number, rowsPerPage: number) =>
      update({ page: page || null, taille: rowsPerPage === DEFAULT_PAGE_SIZE ? null : rowsPerPage }, false),
    setSort: (sort: Sort | null) => update({ tri: sort?.name ?? null, ordre: sort?.direction ?? null }),
    clearFilters: () => update(Object.fromEntries([['recherche', null], ...filterNames.map((n) => [`f.${n}`, null])])),
  };
}
