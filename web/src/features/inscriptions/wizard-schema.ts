/** The wizard's schemas, in a chunk of their own with zod: loaded after its first screen (wizard-api.ts). */
export { inscriptionSchema, logementSchema, proprietaireSchema } from '@guichet/contract';
