import { partenaireEndpoints as api, logoEndpoints } from '@guichet/contract';
import { type CallArgs, call } from '../../lib/api.ts';

/**
 * The registration form's calls: plain calls, apart from partenaires-api.ts, whose queries and
 * mutations would bring TanStack Query into the public form's first load (lib/queries.tsx).
 */

/** Registration, with the honeypot's value. */
export const addPartenaire = (body: CallArgs<typeof api.add>['body']) => call(api.add, { body });

export function uploadLogo(file: File) {
  const form = new FormData();
  form.append('logo', file);
  return call(logoEndpoints.upload, { form });
}
