import { etudiantEndpoints as api, type EndpointBody } from '@guichet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ListRow, listQueryKey } from '../../components/data-table/list-endpoint.ts';
import { call } from '../../lib/api.ts';

/**
 * The student requests' calls as staff make them (docs/spec/portal-spec.md §7): the table's list and export, the
 * bulk action. The public form's call is in request-api.ts: this file imports TanStack Query, which
 * the public form does not download (lib/queries.tsx).
 */
export const etudiantsList = api.list;
export const etudiantsExport = api.export;

/** A row of 'Demandes étudiants' as it travels (the date as a string). */
export type EtudiantRow = ListRow<typeof api.list>;

export const etudiantKeys = {
  /** Every page, sort and filter of the table. */
  list: listQueryKey(api.list),
};

/** Validate (mails the housing list) or refuse a selection; the table reloads once the server has applied it. */
export function useEtudiantAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof api.update>) => call(api.update, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: etudiantKeys.list }),
  });
}
