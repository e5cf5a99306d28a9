import { inscriptionEndpoints as api, type EndpointResponse, VERSION_MESSAGES } from '@guichet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { listQueryKey } from '../../components/data-table/list-endpoint.ts';
import { ApiError, call } from '../../lib/api.ts';

/**
 * The landlords' housing offers, as staff handle them: the list, the offer, its query keys and mutations.
 * The wizard's calls are in wizard-api.ts: this file imports TanStack Query, which the public form
 * does not download (lib/queries.tsx).
 */

/** The staff table's list and its CSV export. */
export const inscriptionsList = api.list;
export const inscriptionsExport = api.export;

/** One offer as staff read it, as it travels (the date as an ISO string). */
export type InscriptionDetail = EndpointResponse<typeof api.detail>;

export const inscriptionKeys = {
  /** Every page, sort and filter of the staff table. */
  list: listQueryKey(api.list),
  detail: (id: string | number) => ['inscription', String(id)] as const,
};

export const inscriptionQuery = (id: string | number) =>
  queryOptions({
    queryKey: inscriptionKeys.detail(id),
    queryFn: () => call(api.detail, { params: { id } }),
    // An unknown number stays unknown: one retry for a server failure only.
    retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 1,
  });

/** Saves an offer's status, then reloads it and the list it appears in. */
export function useUpdateStatut(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // A refusal may carry the agent's reason: the landlord's decision mail quotes it.
    mutationFn: (body: { statut: number; motif?: string; version: string }) =>
      call(api.update, { params: { id }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inscriptionKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: inscriptionKeys.list }),
      ]),
  });
}

/** The offer as now stored, without replacing the one displayed (a stale version's « ce qui a changé »). */
export const loadInscription = (id: number) => call(api.detail, { params: { id } });

/**
 * « Valider / Refuser les modifications » of the landlord's proposal read at `dateProposition`;
 * either way (a newer proposal refused with a 409 too) the offer and the list are reloaded, except
 * when the offer changed since it was read: the page then says what changed and reloads on request.
 */
export function useDecideChanges(id: number) {
  const queryClient = useQueryClient();
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: inscriptionKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: inscriptionKeys.list }),
    ]);
  return useMutation({
    mutationFn: ({ accept, ...body }: { accept: boolean; dateProposition: string; motif?: string; version: string }) =>
      accept
        ? call(api.acceptChanges, {
            params: { id },
            body: { dateProposition: body.dateProposition, version: body.version },
          })
        : call(api.rejectChanges, { params: { id }, body }),
    onSuccess: reload,
    onError: (err) => (err instanceof ApiError && err.message === VERSION_MESSAGES.inscription ? undefined : reload()),
  });
}
