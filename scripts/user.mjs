// `npm run user`, `backup` and `restore`: the staff command from server/dist/user.mjs, built first
// when missing or older than its sources (a fresh clone: `npm install && npm run user -- add …`).
// Loaded into this process rather than spawned: the password prompt, piped input, signals and the
// exit code need no relaying.
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, userBundle } from './build-server.mjs';

await buildServerIfStale((line) => console.error(line));
// A stack trace points at the TypeScript line, as for the portal (`--enable-source-maps`).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(userBundle).href);
