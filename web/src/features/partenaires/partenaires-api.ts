import { partenaireEndpoints as api, type EndpointResponse } from '@guichet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRecordVersion } from '../../components/version-conflict.tsx';
import { ApiError, type CallArgs, call } from '../../lib/api.ts';
import { directoryKey } from './directory-api.ts';

/**
 * The partners: the feature's calls, query keys, queries and mutations. Apart from it: the
 * registration form's calls (register-api.ts: this file imports TanStack Query, which the form does
 * not download, lib/queries.tsx), the directory's and the reference lists' (directory-api.ts) and the
 * logo's address (logo-address.ts), which go without the endpoint table's schemas and zod.
 */

/** A row of the staff list, as it travels (dates as ISO strings). */
export type PartenaireRow = EndpointResponse<typeof api.list>['partenaires'][number];
/** The partner as the staff page reads it. */
export type PartenaireDetail = EndpointResponse<typeof api.detail>['partenaire'];
/** The partner as its personal link shows it. */
export type PartenaireSelf = EndpointResponse<typeof api.byToken>['partenaire'];

export const partenaireKeys = {
  all: ['partenaires'] as const,
  detail: (id: string | number) => ['partenaires', 'detail', String(id)] as const,
  byToken: (token: string) => ['partenaires', 'lien', token] as const,
  directory: directoryKey,
  /** The staff list's pages (the data table keys them by the endpoint's path). */
  list: [api.list.path] as const,
};

/** An unknown number or link stays unknown: one retry for a server failure only. */
const retryServerFailure = (n: number, err: Error) => !(err instanceof ApiError && err.status < 500) && n < 1;

export const partenaireQuery = (id: string | number) =>
  queryOptions({
    queryKey: partenaireKeys.detail(id),
    queryFn: () => call(api.detail, { params: { id } }),
    retry: retryServerFailure,
  });

export const selfViewQuery = (token: string) =>
  queryOptions({
    queryKey: partenaireKeys.byToken(token),
    queryFn: () => call(api.byToken, { params: { token } }),
    retry: retryServerFailure,
    // The link is used once: what it showed stays what the form started from.
    staleTime: Number.POSITIVE_INFINITY,
  });

// ── Public calls ───────────────────────────────────────────────────────────────────
export const confirmInfos = (id: number, token: string) => call(api.confirm, { params: { id }, body: { token } });
export const proposeChanges = (id: number, body: CallArgs<typeof api.propose>['body']) =>
  call(api.propose, { params: { id }, body });
/** A new personal link by e-mail, for a used or expired one. */
export const askNewLink = (email: string) => call(api.lien, { body: { email } });

// ── Staff actions: each reloads the partner and the list it appears in ─────────────────
/**
 * A staff action on one partner, sent with the version the page read (decisions §6.1). On success,
 * and on a conflict (a proposal arrived meanwhile), the partner and the list are read again, so the
 * page shows what is stored; a stale version is reported to the page instead (it says what changed
 * and reloads on request, the agent's input kept until then).
 */
function usePartenaireAction<V, R>(id: number, action: (v: V, version: string | undefined) => Promise<R>) {
  const queryClient = useQueryClient();
  const record = useRecordVersion();
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: partenaireKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: partenaireKeys.list }),
    ]);
  return useMutation({
    mutationFn: (v: V) => action(v, record?.version),
    onSuccess: reload,
    onError: (err) => {
      if (record?.report(err)) return;
      return err instanceof ApiError && err.status === 409 ? reload() : undefined;
    },
  });
}

/** The partner as now stored, without replacing the one displayed (a stale version's « ce qui a changé »). */
export const loadPartenaire = async (id: number) => (await call(api.detail, { params: { id } })).partenaire;

type AdminUpdate = CallArgs<typeof api.update>['body']['partenaire'];
type ValidUpdate = CallArgs<typeof api.acceptChanges>['body']['partenaire'];

export const useSavePartenaire = (id: number) =>
  usePartenaireAction(id, (partenaire: AdminUpdate, version) =>
    call(api.update, { params: { id }, body: { partenaire, version } }),
  );
export const useSendRenewal = (id: number) =>
  usePartenaireAction(id, (_: undefined, version) => call(api.sendRenewal, { params: { id }, body: { version } }));
export const useAcceptChanges = (id: number) =>
  usePartenaireAction(id, (partenaire: ValidUpdate, version) =>
    call(api.acceptChanges, { params: { id }, body: { partenaire, version } }),
  );
export const useRejectChanges = (id: number) =>
  usePartenaireAction(id, (_: undefined, version) => call(api.rejectChanges, { params: { id }, body: { version } }));

// ── Renewal campaign: one batch per call, the caller loops ─────────────────────────────
export type CampaignBody = CallArgs<typeof api.renewalCampaign>['body'];
export const sendCampaignBatch = (body: CampaignBody) => call(api.renewalCampaign, { body });
export type CampaignListe = Extract<CampaignBody, { mode: 'filtres' }>['liste'];
/** Before sending: how many partners the list's filters match, and how many mails would leave. */
export const campaignPreview = (query: CampaignListe) => call(api.renewalCampaignPreview, { query });
