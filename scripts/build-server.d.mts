import type { BuildOptions, BuildResult } from 'esbuild';

/** server/dist/main.mjs: the portal `npm start` and the Docker image run. */
export const serverBundle: string;
/** server/dist/user.mjs: the command `npm run user`, `backup` and `restore` run. */
export const userBundle: string;
/** The packages the bundles leave in node_modules; every other one is inside them. */
export const EXTERNAL: string[];
/** The npm package a module specifier names (`@scope/name/sub` → `@scope/name`). */
export function packageOf(specifier: string): string;
export function buildServer<T extends BuildOptions>(overrides?: T): Promise<BuildResult<T>>;
export function stale(output: string, sources: string[]): boolean;
export function buildServerIfStale(log: (line: string) => void): Promise<void>;
