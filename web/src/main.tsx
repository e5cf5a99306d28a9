import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { guardHistoryBeforeRouter } from './lib/leave-guard.ts';

const root = document.getElementById('root');
if (root) {
  guardHistoryBeforeRouter();
  // A transition: React renders the first screen in slices of a few milliseconds instead of one
  // long task, so a slow phone stays responsive while the page builds (Lighthouse's TBT).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
