import { journalEndpoints as api } from '@guichet/contract';
import type { ListRow } from '../../components/data-table/data-table.tsx';

/** « Journal » (issue 18, Administrateur): the table of staff actions and its CSV export. */
export const journalList = api.list;
export const journalExport = api.export;
export type JournalRow = ListRow<typeof api.list>;
