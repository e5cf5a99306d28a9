import { type EndpointQuery, MESSAGES, PAGE_SIZES } from '@guichet/contract';
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridRowSelectionModel, type GridValidRowModel } from '@mui/x-data-grid';
import { frFR } from '@mui/x-data-grid/locales';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { ApiError, call } from '../../lib/api.ts';
import { BannerAlert, useBanner } from '../banner.tsx';
import { usePageTitle } from '../page-title.ts';
import { ExportButton } from './export-button.tsx';
import { FilterBar } from './filter-bar.tsx';
import {
  type ExportEndpoint,
  type ExtraParams,
  type ListEndpoint,
  type ListRow,
  type ListSort,
  listQueryKey,
  type TableColumn,
  type TableFilter,
} from './list-endpoint.ts';
import { emptySelection, selectedRows } from './selection.ts';
import { type Sort, useTableState } from './use-table-state.ts';

export type { FilterDef } from './filter-bar.tsx';
export type { ListRow, TableColumn, TableFilter } from './list-endpoint.ts';
export { listQueryKey } from './list-endpoint.ts';

const localeText = {
  ...frFR.components.MuiDataGrid.defaultProps.localeText,
  noRowsLabel: MESSAGES.aucunEnregistrement,
  noResultsOverlayLabel: MESSAGES.aucunEnregistrement,
};
const number = new Intl.NumberFormat('fr-FR');
/** A total the server did not count to the end (`countIsLowerBound`): « 1–20 sur plus de 10 000 ». */
const lowerBoundText = (count: number) => ({
  ...localeText,
  paginationDisplayedRows: ({ from, to }: { from: number; to: number }) =>
    `${number.format(from)}–${number.format(to)} sur plus de ${number.format(count)}`,
});
/** Past a lower bound there is always a next page: the server said more rows match. */
const moreRows = { hasNextPage: true };
const autoRowHeight = () => 'auto' as const;
/** Text wraps in its cell (an e-mail address breaks anywhere) instead of being cut with « … ». */
const wrappingCells = {
  '& .MuiDataGrid-cell': {
    display: 'flex',
    alignItems: 'center',
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
    lineHeight: 1.4,
    py: 1,
  },
  '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.2 },
} as const;

/** The list as the agent filtered it: what an action on « every row of the list » acts on. */
export type ListApi = {
  /** How many rows match the search and filters (a lower bound when `countIsLowerBound`). */
  count: number;
  countIsLowerBound: boolean;
  /** The list's search, filters and extra parameters (no page, no sort), as the list sends them. */
  query: { search: string; filter: Record<string, string> } & Record<string, unknown>;
};

export type SelectionApi<R> = ListApi & {
  selected: R[];
  /** Unticks every row, after a successful action (whose mutation reloads the list by its query key). */
  clear: () => void;
};

/** « 1 ligne sélectionnée », « 2 lignes sélectionnées »: the one counter of ticked rows. */
export const selectionCount = (n: number) =>
  n === 0 ? 'Aucune ligne sélectionnée' : n === 1 ? '1 ligne sélectionnée' : `${n} lignes sélectionnées`;

type Props<E extends ListEndpoint, X extends ExportEndpoint<E>> = {
  title: string;
  /** The list in the contract's table, e.g. `etudiantEndpoints.list`: it types columns, sort and filters. */
  endpoint: E;
  columns: TableColumn<E>[];
  defaultSort: ListSort<E>;
  filters?: TableFilter<E>[];
  /** Parameters that are not filters but shape the list (e.g. annee). */
  extraParams?: ExtraParams<E>;
  /** Its CSV export (e.g. `etudiantEndpoints.export`): same search, filters and sort, every row. */
  exportEndpoint?: X;
  /** Multi-row selection with actions: only the student list has it (docs/spec/portal-spec.md §2 Tables). */
  selectionActions?: (api: SelectionApi<ListRow<E>>) => ReactNode;
  /** Rows that may be ticked; « select all » ticks those. */
  isRowSelectable?: (row: ListRow<E>) => boolean;
  /**
   * Actions on every row the list's search and filters match (the partners' renewal campaign): no
   * ticking, the action takes the list's query and confirms how many records it touches.
   */
  listActions?: (list: ListApi) => ReactNode;
  toolbar?: ReactNode;
  banner?: ReactNode;
};

/** The rows of a list's answer: its one array (`etudiants`, `roles`…). */
const rowsOf = (answer: object | undefined) => (Object.values(answer ?? {}).find(Array.isArray) ?? []) as Row[];
type Row = GridValidRowModel & { id: number };

/** The server-side table of every admin list (docs/spec/portal-spec.md §2 Tables). */
export function DataTable<E extends ListEndpoint, X extends ExportEndpoint<E> = never>(props: Props<E, X>) {
  usePageTitle(props.title);
  const filterNames = useMemo(() => (props.filters ?? []).map((f) => f.name), [props.filters]);
  const table = useTableState(props.defaultSort as Sort, filterNames);
  const { search, page, rowsPerPage, sort, filter } = table.state;
  const params = { search, page, rowsPerPage, sort, filter, ...props.extraParams };
  const queryKey = [...listQueryKey(props.endpoint), params];
  const pageKey = JSON.stringify(queryKey);
  const q = useQuery({
    queryKey,
    // The URL's values are strings; the server parses them with the list's query schema.
    queryFn: () =>
      call(props.endpoint as ListEndpoint, { query: params } as never) as Promise<{
        count: number;
        countIsLowerBound?: true;
      }>,
    placeholderData: keepPreviousData,
  });
  const rows = rowsOf(q.data);
  // A selection belongs to the page it was made on: another page, sort, search or filter
  // starts with nothing ticked, so an action never touches a row the agent no longer sees.
  const [ticked, setTicked] = useState({ pageKey, model: emptySelection() });
  const selection = ticked.pageKey === pageKey ? ticked.model : emptySelection();
  const setSelection = (model: GridRowSelectionModel) => setTicked({ pageKey, model });
  const selected = selectedRows(selection, rows);
  const selectable = props.isRowSelectable;
  const count = q.data?.count ?? 0;
  const lowerBound = q.data?.countIsLowerBound === true;
  const gridText = useMemo(() => (lowerBound ? lowerBoundText(count) : localeText), [lowerBound, count]);
  const list: ListApi = { count, countIsLowerBound: lowerBound, query: { search, filter, ...props.extraParams } };
  const exportFailure = useBanner();
  // The grid reads a new sort model as a new sort and goes back to page 1: a model rebuilt on
  // every render sent each page change straight back to the first page. Same for the pages.
  const sortModel = useMemo(() => [{ field: sort.name, sort: sort.direction }], [sort.name, sort.direction]);
  const paginationModel = useMemo(() => ({ page, pageSize: rowsPerPage }), [page, rowsPerPage]);

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h4" component="h1">
          {props.title}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }} useFlexGap>
          {props.toolbar}
          {props.listActions?.(list)}
          {props.exportEndpoint && (
            <ExportButton
              endpoint={props.exportEndpoint}
              query={{ search, sort, filter, ...props.extraParams } as EndpointQuery<X>}
              onError={exportFailure.error}
            />
          )}
        </Stack>
      </Stack>
      {props.banner}
      <BannerAlert banner={exportFailure.banner} onClose={exportFailure.clear} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <FilterBar
          search={search}
          filter={filter}
          filters={props.filters ?? []}
          onSearch={table.setSearch}
          onFilter={table.setFilter}
          onClear={table.clearFilters}
        />
        {props.selectionActions && (
          <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', minHeight: 40 }}>
            <Typography aria-live="polite">{selectionCount(selected.length)}</Typography>
            {props.selectionActions({
              ...list,
              selected: selected as ListRow<E>[],
              clear: () => setSelection(emptySelection()),
            })}
          </Stack>
        )}
        {q.isError && (
          <Alert severity="error" sx={{ mb: 1 }}>
            La liste n'a pas pu être chargée. {refusalText(q.error)}
          </Alert>
        )}
        <Box sx={{ width: '100%' }}>
          <DataGrid<Row>
            aria-label={props.title}
            rows={rows}
            columns={props.columns as GridColDef<Row>[]}
            // A total known only as « more than » leaves the last page unknown: the grid then pages on.
            rowCount={lowerBound ? -1 : count}
            paginationMeta={lowerBound ? moreRows : undefined}
            loading={q.isFetching}
            autoHeight
            // A cell grows with its text (a long name, a name and its « Doublon possible »): nothing is cut.
            getRowHeight={autoRowHeight}
            sx={wrappingCells}
            paginationMode="server"
            sortingMode="server"
            filterMode="server"
            disableColumnFilter
            // Every column rendered, even past the right edge of a narrow screen: a page holds at most
            // 100 rows, and a cell scrolled out of view still answers the browser's search and tests.
            columnBufferPx={2000}
            disableColumnSelector
            disableRowSelectionOnClick
            pageSizeOptions={[...PAGE_SIZES]}
            paginationModel={paginationModel}
            onPaginationModelChange={(m) => table.setPage(m.page, m.pageSize)}
            sortModel={sortModel}
            onSortModelChange={(m) => table.setSort(m[0]?.sort ? { name: m[0].field, direction: m[0].sort } : null)}
            checkboxSelection={!!props.selectionActions}
            // The counter above the table is the only one (the grid's own would say it twice).
            hideFooterSelectedRowCount
            isRowSelectable={selectable && ((p) => selectable(p.row as ListRow<E>))}
            // "Select all" as the explicit list of the page's rows, the one form the actions read.
            disableRowSelectionExcludeModel
            rowSelectionModel={selection}
            onRowSelectionModelChange={setSelection}
            localeText={gridText}
          />
        </Box>
      </Paper>
    </Stack>
  );
}

/** A refused list's reason: the server's message, then what it said of each parameter (a 400 says « La requête est invalide. » and why below it). */
function refusalText(error: Error) {
  const reasons = error instanceof ApiError ? error.errors.map((e) => e.error) : [];
  return [error.message, ...reasons].join(' ');
}
