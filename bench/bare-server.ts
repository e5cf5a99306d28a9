/**
 * The reference for the public directory: a bare Fastify route serving the same answer from memory
 * (the portal's body and headers), in its own process like the portal (in the load generator's
 * process it shared its event loop and came out slower than the portal).
 * `node --import tsx bench/bare-server.ts <body file> <headers JSON file>` prints its port on the
 * first line of its output.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.argv[2]);
const headers: Record<string, string> = JSON.parse(readFileSync(process.argv[3], 'utf8'));
const app = Fastify();
app.get('/bare', (_request, reply) => reply.headers(headers).send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(typeof address === 'object' && address ? address.port : 0);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
