import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Without vitest globals Testing Library cannot register its own cleanup: each test starts on an empty page.
afterEach(cleanup);
// A test's fake server (fake-server.ts) does not outlive it.
afterEach(() => vi.unstubAllGlobals());
// Nor does a file's spy (a console kept quiet): the files of this project share their globals (vitest.config.ts).
afterAll(() => vi.restoreAllMocks());
// Nor do a page's kept edits or its return address (lib/draft.ts, lib/retour.ts): they live in sessionStorage.
afterEach(() => sessionStorage.clear());
