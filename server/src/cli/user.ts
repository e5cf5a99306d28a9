import { runCli } from './user-cli.ts';

/** `npm run user -- …` (see user-cli.ts). */
process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
