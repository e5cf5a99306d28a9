import { courrielEndpoints as api, type EndpointBody, type EndpointQuery } from '@guichet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ListRow, listQueryKey } from '../../components/data-table/data-table.tsx';
import { call } from '../../lib/api.ts';

/** « Courriels » (issue 18): the mail log's list, one mail's text, « Renvoyer ». */
export const courrielsList = api.list;
export type CourrielRow = ListRow<typeof api.list>;

export const courrielKeys = {
  list: listQueryKey(api.list),
  detail: (id: number) => [api.detail.path, id] as const,
};

export const courrielQuery = (id: number) =>
  queryOptions({ queryKey: courrielKeys.detail(id), queryFn: () => call(api.detail, { params: { id } }) });

/** Failed mails back in the queue; the table and any open mail reload once the server has done it. */
export function useRenvoi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof api.resend>) => call(api.resend, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: courrielKeys.list }),
        queryClient.invalidateQueries({ queryKey: [api.detail.path] }),
      ]),
  });
}

export type CourrielFiltres = EndpointQuery<typeof api.resendCount>;

/** The failed mails of the list as filtered, counted for the confirmation (asked when it opens). */
export const renvoiCompte = (liste: CourrielFiltres) => call(api.resendCount, { query: liste });

/** Resends the failed mails of the filtered list, the count the agent confirmed with them. */
export function useRenvoiFiltres() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof api.resendFiltered>) => call(api.resendFiltered, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: courrielKeys.list }),
        queryClient.invalidateQueries({ queryKey: [api.detail.path] }),
      ]),
  });
}
