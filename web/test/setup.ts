import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Without vitest globals Testing Library cannot register its own cleanup: each test starts on an empty page.
afterEach(cleanup);
// A test's fake server (fake-server.ts) does not outlive it.
afterEach(() => vi.unstubAllGlobals());
