import type { GridRowSelectionModel } from '@mui/x-data-grid';

/** Nothing ticked. */
export const emptySelection = (): GridRowSelectionModel => ({ type: 'include', ids: new Set() });

/**
 * The rows of the page that are ticked. The grid reports "select all" as an `exclude` model
 * (every row but those listed) and single ticks as an `include` model; reading the first as
 * the second made "select all" count nothing and "select all, untick one" act on that one.
 */
export function selectedRows<R extends { id: number }>(model: GridRowSelectionModel, rows: readonly R[]): R[] {
  return rows.filter((r) => (model.type === 'exclude' ? !model.ids.has(r.id) : model.ids.has(r.id)));
}
