export * from './auth.ts';
export * from './common.ts';
export * from './format.ts';
export * from './inscription.ts';
export * from './list.ts';
export * from './messages.ts';
export * from './reference.ts';
export * from './role.ts';
