import { OWNER_ONLY_UMASK } from '../platform/data-dir.ts';
import { runCli } from './user-cli.ts';

// A command may create the embedded database's files: owner only, like the server's.
process.umask(OWNER_ONLY_UMASK);

/** `npm run user -- …` (see user-cli.ts). */
process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
