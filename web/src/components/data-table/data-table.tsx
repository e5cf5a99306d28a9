import { MESSAGES, PAGE_SIZES } from '@guichet/contract';
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridRowSelectionModel, type GridValidRowModel } from '@mui/x-data-grid';
import { frFR } from '@mui/x-data-grid/locales';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { api } from '../../lib/api.ts';
import { BannerAlert, useBanner } from '../banner.tsx';
import { usePageTitle } from '../page-title.ts';
import { ExportButton } from './export-button.tsx';
import { FilterBar, type FilterDef } from './filter-bar.tsx';
import { emptySelection, selectedRows } from './selection.ts';
import { type Sort, useTableState } from './use-table-state.ts';

export type { FilterDef } from './filter-bar.tsx';

const localeText = {
  ...frFR.components.MuiDataGrid.defaultProps.localeText,
  noRowsLabel: MESSAGES.aucunEnregistrement,
  noResultsOverlayLabel: MESSAGES.aucunEnregistrement,
};

export type SelectionApi<R> = {
  selected: R[];
  /** Clears the selection and reloads the page of rows (after a successful action). */
  done: () => Promise<void>;
};

type Props<R extends GridValidRowModel> = {
  title: string;
  /** e.g. 'admin/inscriptions/get/list/by/filters' */
  endpoint: string;
  /** The array's key in the response, e.g. 'inscriptions'. */
  rowsKey: string;
  columns: GridColDef<R>[];
  defaultSort: Sort;
  filters?: FilterDef[];
  /** Parameters that are not filters but shape the list (e.g. annee). */
  extraParams?: Record<string, unknown>;
  exportEndpoint?: string;
  /** Multi-row selection with actions (only the student list uses it). */
  selectionActions?: (api: SelectionApi<R>) => ReactNode;
  toolbar?: ReactNode;
  banner?: ReactNode;
};

/** The server-side table of every admin list (spec §2 Tables). */
export function DataTable<R extends GridValidRowModel & { id: number }>(props: Props<R>) {
  usePageTitle(props.title);
  const filterNames = useMemo(() => (props.filters ?? []).map((f) => f.name), [props.filters]);
  const table = useTableState(props.defaultSort, filterNames);
  const { search, page, rowsPerPage, sort, filter } = table.state;
  const params = { search, page, rowsPerPage, sort, filter, ...props.extraParams };
  const queryKey = [props.endpoint, params];
  const pageKey = JSON.stringify(queryKey);
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey,
    queryFn: () => api.get<Record<string, unknown> & { count: number }>(props.endpoint, params),
    placeholderData: keepPreviousData,
  });
  const rows = ((q.data?.[props.rowsKey] as R[] | undefined) ?? []) as R[];
  // A selection belongs to the page it was made on: another page, sort, search or filter
  // starts with nothing ticked, so an action never touches a row the agent no longer sees.
  const [ticked, setTicked] = useState({ pageKey, model: emptySelection() });
  const selection = ticked.pageKey === pageKey ? ticked.model : emptySelection();
  const setSelection = (model: GridRowSelectionModel) => setTicked({ pageKey, model });
  const selected = selectedRows(selection, rows);
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
        <Stack direction="row" spacing={1}>
          {props.toolbar}
          {props.exportEndpoint && (
            <ExportButton
              endpoint={props.exportEndpoint}
              params={{ search, sort, filter, ...props.extraParams }}
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
            <Typography aria-live="polite">
              {selected.length === 0 ? 'Aucune ligne sélectionnée' : `${selected.length} ligne(s) sélectionnée(s)`}
            </Typography>
            {props.selectionActions({
              selected,
              done: async () => {
                setSelection(emptySelection());
                await queryClient.invalidateQueries({ queryKey: [props.endpoint] });
              },
            })}
          </Stack>
        )}
        {q.isError && (
          <Alert severity="error" sx={{ mb: 1 }}>
            La liste n'a pas pu être chargée. {(q.error as Error).message}
          </Alert>
        )}
        <Box sx={{ width: '100%' }}>
          <DataGrid<R>
            aria-label={props.title}
            rows={rows}
            columns={props.columns}
            rowCount={q.data?.count ?? 0}
            loading={q.isFetching}
            autoHeight
            paginationMode="server"
            sortingMode="server"
            filterMode="server"
            disableColumnFilter
            disableColumnSelector
            disableRowSelectionOnClick
            pageSizeOptions={[...PAGE_SIZES]}
            paginationModel={paginationModel}
            onPaginationModelChange={(m) => table.setPage(m.page, m.pageSize)}
            sortModel={sortModel}
            onSortModelChange={(m) => table.setSort(m[0]?.sort ? { name: m[0].field, direction: m[0].sort } : null)}
            checkboxSelection={!!props.selectionActions}
            // "Select all" as the explicit list of the page's rows, the one form the actions read.
            disableRowSelectionExcludeModel
            rowSelectionModel={selection}
            onRowSelectionModelChange={setSelection}
            localeText={localeText}
          />
        </Box>
      </Paper>
    </Stack>
  );
}
