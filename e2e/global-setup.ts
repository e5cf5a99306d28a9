import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { copyOfWebApp } from './web-copy.ts';

/** One copy of the built web app for the whole run, removed at its end: every portal serves it. */
export default async function setup(project: TestProject) {
  const dist = await copyOfWebApp();
  project.provide('e2eWebApp', dist);
  return () => rmSync(dist, { recursive: true, force: true });
}
