import type { EndpointDef, EndpointQuery, EndpointResponse } from '@guichet/contract';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { z } from 'zod';
import type { FilterDef } from './filter-bar.tsx';

/**
 * An admin list of the contract's table: a GET whose query is a list query (search, paging,
 * sort, filters; `listQuerySchema`) and whose answer is `{ count, <rows>: [...] }`.
 */
export type ListEndpoint = EndpointDef & { method: 'GET'; query: z.ZodType; response: { 200: z.ZodType } };

type Answer<E extends ListEndpoint> = EndpointResponse<E>;
type Query<E extends ListEndpoint> = NonNullable<EndpointQuery<E>>;
type Sorting<E extends ListEndpoint> = Query<E> extends { sort?: infer S } ? NonNullable<S> : never;
type Filters<E extends ListEndpoint> = Query<E> extends { filter?: infer F } ? NonNullable<F> : never;

/** The rows' key in the answer ('etudiants', 'roles'…): its one array. */
export type RowsKey<E extends ListEndpoint> = {
  [K in keyof Answer<E>]-?: Answer<E>[K] extends readonly unknown[] ? K : never;
}[keyof Answer<E>];
/** One row as it travels (dates as strings). */
export type ListRow<E extends ListEndpoint> = Answer<E>[RowsKey<E>] extends readonly (infer R)[] ? R : never;

/** The columns the server sorts on (the list query's whitelist). */
export type SortName<E extends ListEndpoint> = Sorting<E> extends { name: infer N extends string } ? N : never;
export type ListSort<E extends ListEndpoint> = { name: SortName<E>; direction: 'asc' | 'desc' };
/** The filters the list query accepts. */
export type FilterName<E extends ListEndpoint> = keyof Filters<E> & string;
/** A search field above the table, on one of the list query's filters. */
export type TableFilter<E extends ListEndpoint> = FilterDef<FilterName<E>>;
/** What the list query takes besides the table's own parameters (the partners' `annee`). */
export type ExtraParams<E extends ListEndpoint> = Omit<Query<E>, 'search' | 'page' | 'rowsPerPage' | 'sort' | 'filter'>;

/**
 * A column of the table: named as the server sorts it, or declared not sortable (a header click
 * on any other name would ask the server for a sort it refuses).
 */
export type TableColumn<E extends ListEndpoint> =
  | (GridColDef<GridRow<E>> & { field: SortName<E> })
  | (GridColDef<GridRow<E>> & { sortable: false });
type GridRow<E extends ListEndpoint> = Extract<ListRow<E>, GridValidRowModel>;

/** The list's CSV export: a file answer taking the list's query without its paging. */
export type ExportEndpoint<E extends ListEndpoint> = EndpointDef & {
  method: 'GET';
  produces: readonly string[];
  query: z.ZodType<unknown, Omit<Query<E>, 'page' | 'rowsPerPage'>>;
};

/** The prefix of every query key of this list: invalidating it reloads each page of the table. */
export const listQueryKey = (e: ListEndpoint) => [e.path] as const;
