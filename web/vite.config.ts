import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups, oneChunkPerModule } from './chunk-groups.ts';
import { pagePreloads } from './page-preloads.ts';
import { precompress } from './precompress.ts';

const require = createRequire(import.meta.url);
/** React Router's package exports only its development build; the production one sits beside it. */
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  // Brotli and gzip copies beside each file, sent as they are by the server (platform/web-app.ts);
  // each page's lazily loaded chunks, which the server announces as modulepreload links.
  plugins: [react(), pagePreloads(), precompress(), oneChunkPerModule()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  // The manifest lets the benchmark measure what each page downloads first.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    // A public page's first screen in a few files (chunk-groups.ts).
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups(import.meta.dirname) } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/logout': 'http://127.0.0.1:3000' },
  },
}));
