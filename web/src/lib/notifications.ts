import { tableauDeBordEndpoints } from '@guichet/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from './api.ts';

/**
 * The app bar's bell (issue 18): new items still waiting since the agent last opened its menu, and
 * AGEING_DAYS, the threshold of the lists' « En attente depuis N jours » flags. Read again every
 * minute while the tab is visible (TanStack Query pauses the interval in a hidden tab).
 */
export const notificationsQuery = {
  queryKey: ['notifications'],
  queryFn: async () => {
    try {
      return await call(tableauDeBordEndpoints.notifications);
    } catch (error) {
      // A right withdrawn meanwhile: the bell goes quiet, the screen on show is not the one refused.
      if (error instanceof ApiError && error.status === 403) return null;
      throw error;
    }
  },
  refetchInterval: 60_000,
  staleTime: 30_000,
};

/** Only for agents of offers, partners and students (the shell knows their roles). */
export const useNotifications = (enabled: boolean) => useQuery({ ...notificationsQuery, enabled });

/**
 * AGEING_DAYS, once the shell's bell has read it (the lists flag nothing until then). Read from the
 * cache only: a list never calls the bell's endpoint itself.
 */
export const useAgeingDays = (): number | undefined =>
  useQuery({ ...notificationsQuery, enabled: false }).data?.ageingDays;

/** Whole days an item has waited since `since`, at `now`. */
export const daysSince = (since: string | Date, now = Date.now()) =>
  Math.floor((now - new Date(since).getTime()) / 86_400_000);
