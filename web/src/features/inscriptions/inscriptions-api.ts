import { inscriptionEndpoints as api, type EndpointQuery, type EndpointResponse } from '@guichet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
// From list-endpoint.ts, not data-table.tsx: the public form imports this file, and must not pull the grid in.
import { listQueryKey } from '../../components/data-table/list-endpoint.ts';
import { ApiError, type CallArgs, call } from '../../lib/api.ts';

/** The landlords' housing offers: every call of the feature, its query keys and its mutations. */

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
    mutationFn: (body: { statut: number; motif?: string }) => call(api.update, { params: { id }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inscriptionKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: inscriptionKeys.list }),
      ]),
  });
}

/**
 * « Valider / Refuser les modifications » of the landlord's proposal read at `dateProposition`;
 * either way (a newer proposal refused with a 409 too) the offer and the list are reloaded.
 */
export function useDecideChanges(id: number) {
  const queryClient = useQueryClient();
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: inscriptionKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: inscriptionKeys.list }),
    ]);
  return useMutation({
    mutationFn: ({ accept, ...body }: { accept: boolean; dateProposition: string; motif?: string }) =>
      accept
        ? call(api.acceptChanges, { params: { id }, body: { dateProposition: body.dateProposition } })
        : call(api.rejectChanges, { params: { id }, body }),
    onSettled: reload,
  });
}

// ── The wizard (public): the server checks each step, then records the offer ─────────
export const checkProprietaire = (query: EndpointQuery<typeof api.validateProprietaire>) =>
  call(api.validateProprietaire, { query });
export const checkLogement = (query: EndpointQuery<typeof api.validateLogement>) =>
  call(api.validateLogement, { query });
/** The whole offer, with the honeypot's value. */
export const addInscription = (body: CallArgs<typeof api.add>['body']) => call(api.add, { body });
