import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { takeContractProblems } from './fake-server.ts';

// One wait limit for every file: the files share a worker (vitest.config.ts), so a limit set by one file
// would hold for the next. A screen with the data grid takes seconds on a loaded machine; a wait fails
// only when nothing comes, under the project's testTimeout so the failure names what was awaited.
configure({ asyncUtilTimeout: 10_000 });
// A fake answer the real server could not send fails its test (fake-server.ts, contract-check.ts).
// Registered first, it runs last (vitest runs after-hooks in reverse): its failure skips no cleanup.
afterEach(() => {
  const problems = takeContractProblems();
  if (problems.length) throw new Error(`Réponses hors contrat :\n${problems.join('\n\n')}`);
});
// Without vitest globals Testing Library cannot register its own cleanup: each test starts on an empty page.
afterEach(cleanup);
// A test's fake server (fake-server.ts) does not outlive it.
afterEach(() => vi.unstubAllGlobals());
// Nor does a file's spy (a console kept quiet): the files of this project share their globals (vitest.config.ts).
afterAll(() => vi.restoreAllMocks());
// Nor do a page's kept edits or its return address (lib/draft.ts, lib/retour.ts): they live in sessionStorage.
afterEach(() => sessionStorage.clear());
