import { type LoginBody, type PasswordChangeBody, sessionEndpoints } from '@guichet/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { currentUserQuery } from '../../lib/session.ts';

/** Opens a session: the agent and its roles, or an ApiError (wrong credentials: 400, too many tries: 429). */
export const logIn = (body: LoginBody) => call(sessionEndpoints.login, { body });

/** Changes one's own password; the server ends the agent's other sessions and opens a new one here. */
export const changePassword = (body: PasswordChangeBody) => call(sessionEndpoints.changePassword, { body });

/** The session changed (login, new password): the shell reads the agent again. */
export const refreshSession = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });

/** « Mon compte »: the daily digest, its address, or why it cannot be sent. */
export const digestQuery = queryOptions({
  queryKey: [sessionEndpoints.digest.path],
  queryFn: () => call(sessionEndpoints.digest),
});
export function useSetDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (digestQuotidien: boolean) => call(sessionEndpoints.setDigest, { body: { digestQuotidien } }),
    onSuccess: (choice) => queryClient.setQueryData(digestQuery.queryKey, choice),
  });
}
/** The agent's address ('' removes it); the answer is the digest's new state, with a sentence. */
export function useSetEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => call(sessionEndpoints.setEmail, { body: { email } }),
    onSuccess: ({ message: _, ...choice }) => queryClient.setQueryData(digestQuery.queryKey, choice),
  });
}
