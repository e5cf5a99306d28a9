import { tableauDeBordEndpoints as api } from '@guichet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { notificationsQuery } from '../../lib/notifications.ts';

/** The dashboard's figures, read again each minute while it is on screen (and on each visit). */
export const useTableauDeBord = () =>
  useQuery({ queryKey: ['tableau-de-bord'], queryFn: () => call(api.get), refetchInterval: 60_000 });

/** The bell's menu was opened: the server notes the moment and answers the fresh (zero) counts. */
export function useNotificationsVues() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.notificationsVues),
    onSuccess: (fresh) => queryClient.setQueryData(notificationsQuery.queryKey, fresh),
  });
}
