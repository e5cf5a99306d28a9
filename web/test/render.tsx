import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import type { AdminContext } from '../src/lib/admin-context.ts';

/** Rendered with a fresh query cache that does not retry: a refusal shows at once, as the app does for a 4xx. */
export function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/**
 * An admin screen at `entry`, under the admin shell's outlet context (the agent and the statuses,
 * as AdminLayout gives them), with `path` its route pattern.
 */
export function renderAdminPage(ui: ReactNode, opts: { path: string; entry?: string; context: AdminContext }) {
  return renderWithQueries(
    <MemoryRouter initialEntries={[opts.entry ?? opts.path]}>
      <Routes>
        <Route element={<Outlet context={opts.context} />}>
          <Route path={opts.path} element={ui} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}
