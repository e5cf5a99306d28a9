/** The student form's schema, in a chunk of its own with zod: loaded after the form's first screen (request-api.ts). */
export { etudiantRequestSchema } from '@guichet/contract';
