/** The registration's schema, in a chunk of its own with zod: loaded after the form's first screen (register-api.ts). */
export { partenaireFieldsSchema } from '@guichet/contract';
