/** A refusal to print as is to whoever typed the command: a French sentence, no stack. */
export class CommandError extends Error {}
