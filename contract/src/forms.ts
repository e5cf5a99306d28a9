/**
 * What a public form's first screen needs, free of zod (`@guichet/contract/forms`), like pages.ts:
 * its labels, limits and lists, the shared messages and the trap field. Its schema is loaded after
 * the first screen (web/src/components/form/use-contract-form.ts).
 */
export * from './etudiant-form.ts';
export * from './inscription-form.ts';
export * from './messages.ts';
export * from './partenaire-form.ts';
export * from './pays.ts';
export * from './telephone-form.ts';

/**
 * The honeypot of every public form: hidden from people (and from assistive technologies),
 * filled in by robots. The server ignores a submission that fills it.
 */
export const HONEYPOT_FIELD = 'siteWebConfirmation';
