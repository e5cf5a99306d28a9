import type { BuildOptions, BuildResult } from 'esbuild';

/** server/dist/main.mjs: what `npm start` and the Docker image run. */
export const serverBundle: string;
export function buildServer<T extends BuildOptions>(overrides?: T): Promise<BuildResult<T>>;
