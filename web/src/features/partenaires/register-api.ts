import type { EndpointBody, logoEndpoints, partenaireEndpoints } from '@guichet/contract';
import { addressOf, callAddress } from '../../lib/api.ts';

/**
 * The registration form's calls, by their addresses (`addressOf`, held to the contract's
 * declarations by the compiler): the endpoint table's schemas, and zod, stay out of the form's
 * first load; apart from partenaires-api.ts, whose queries and mutations would bring TanStack
 * Query in (lib/queries.tsx). The logo's upload also serves the self-update and staff forms.
 */
const add = addressOf<typeof partenaireEndpoints.add>({ method: 'POST', path: '/api/partenaire/add' });
const upload = addressOf<typeof logoEndpoints.upload>({ method: 'POST', path: '/api/logo/upload' });

/** Registration, with the honeypot's value. */
export const addPartenaire = (body: EndpointBody<typeof partenaireEndpoints.add>) => callAddress(add, { body });

export function uploadLogo(file: File) {
  const form = new FormData();
  form.append('logo', file);
  return callAddress(upload, { form });
}

/** The form's check, loaded after its first screen (components/form/use-contract-form.ts). */
export const loadPartenaireSchema = () => import('./register-schema.ts').then((m) => m.partenaireFieldsSchema);
