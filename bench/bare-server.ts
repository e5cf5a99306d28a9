/**
 * The reference for the public directory: a bare Fastify route serving the same bytes from memory,
 * in its own process like the portal (in the load generator's process it shared its event loop
 * and came out slower than the portal). `node --import tsx bench/bare-server.ts <file>` prints
 * its port on the first line of its output.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.argv[2]);
const app = Fastify();
app.get('/bare', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(typeof address === 'object' && address ? address.port : 0);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
