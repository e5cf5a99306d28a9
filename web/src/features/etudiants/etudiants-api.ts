import { etudiantEndpoints as api, type EndpointBody } from '@guichet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
// From list-endpoint.ts, not data-table.tsx: the public form imports this file, and must not pull the grid in.
import { type ListRow, listQueryKey } from '../../components/data-table/list-endpoint.ts';
import { call } from '../../lib/api.ts';

/** The student requests' calls (docs/spec/portal-spec.md §7): the table's list and export, the request form, the bulk action. */
export const etudiantsList = api.list;
export const etudiantsExport = api.export;

/** A row of 'Demandes étudiants' as it travels (the date as a string). */
export type EtudiantRow = ListRow<typeof api.list>;

export const etudiantKeys = {
  /** Every page, sort and filter of the table. */
  list: listQueryKey(api.list),
};

/**
 * The public form: a student asks for the housing list. A plain call, not a mutation: the public
 * forms load without TanStack Query (lib/queries.tsx).
 */
export const sendEtudiantRequest = (body: EndpointBody<typeof api.add>) => call(api.add, { body });

/** Validate (mails the housing list) or refuse a selection; the table reloads once the server has applied it. */
export function useEtudiantAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof api.update>) => call(api.update, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: etudiantKeys.list }),
  });
}
