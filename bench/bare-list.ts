/**
 * The reference for an admin list: a bare Fastify route making the list's repository call and
 * nothing else (floor.ts, the same query string), in its own process like the portal: no session,
 * log, security headers or contract serialiser. What the HTTP hop alone costs on this machine,
 * next to the query alone and the portal (docs/benchmarks.md, quinzième et seizième passes).
 * `node --import tsx bench/bare-list.ts <PGlite data dir | PostgreSQL URL>` prints its port on the
 * first line of its output; `GET /<list>?<query>` answers the list's page as JSON.
 */
import Fastify from 'fastify';
import { openPglite, openPostgres } from '../server/src/db/client.ts';
import { listCall } from './floor.ts';

const target = process.argv[2];
const database = target.startsWith('postgres') ? await openPostgres(target) : await openPglite(target);
const app = Fastify();
app.get<{ Params: { list: string } }>('/:list', (request) => listCall(database.db, request.params.list, request.url)());
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(typeof address === 'object' && address ? address.port : 0);
process.on('SIGTERM', () => void app.close().then(() => database.close().then(() => process.exit(0))));
