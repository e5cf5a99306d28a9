import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Connection, getRequest } from './http-client.ts';

/** A server that answers each request with the next reply, written in the given pieces with a pause between them. */
async function server(replies: (string | string[] | 'close')[]) {
  const heads: string[] = [];
  const srv = net.createServer((socket) => {
    let pending = '';
    socket.on('data', async (d) => {
      pending += d.toString('latin1');
      while (pending.includes('\r\n\r\n')) {
        const end = pending.indexOf('\r\n\r\n') + 4;
        heads.push(pending.slice(0, end));
        pending = pending.slice(end);
        const reply = replies.shift();
        if (reply === 'close' || reply === undefined) {
          socket.destroy();
          return;
        }
        for (const piece of Array.isArray(reply) ? reply : [reply]) {
          socket.write(piece);
          await new Promise((r) => setTimeout(r, 5));
        }
      }
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  servers.push(srv);
  return { port, heads, url: (path: string) => new URL(`http://127.0.0.1:${port}${path}`) };
}
const servers: net.Server[] = [];
const connections: Connection[] = [];
afterEach(() => {
  for (const c of connections.splice(0)) c.close();
  for (const s of servers.splice(0)) s.close();
});
const connect = (port: number) => {
  const c = new Connection('127.0.0.1', port);
  connections.push(c);
  return c;
};

describe("the load generator's connection", () => {
  it('sends the path, the host and the headers, and reads a body in pieces by its length', async () => {
    const s = await server([['HTTP/1.1 200 OK\r\nContent-Le', 'ngth: 11\r\n\r\nhello', ' world']]);
    const answer = await connect(s.port).send(getRequest(s.url('/api/x?search=a%20b'), { cookie: 'sid=1' }));
    expect(answer).toEqual({ status: 200, bytes: 11 });
    expect(s.heads[0]).toBe(`GET /api/x?search=a%20b HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\ncookie: sid=1\r\n\r\n`);
  });

  it('reads a chunked body cut anywhere, then the next answer on the same connection', async () => {
    const s = await server([
      [
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r',
        '\nhello\r\n1',
        '0\r\n0123456789abcdef\r\n0\r\n',
        '\r\n',
      ],
      'HTTP/1.1 404 Not Found\r\ncontent-length: 2\r\n\r\n{}',
    ]);
    const c = connect(s.port);
    expect(await c.send(getRequest(s.url('/a'), {}))).toEqual({ status: 200, bytes: 21 });
    expect(await c.send(getRequest(s.url('/b'), {}))).toEqual({ status: 404, bytes: 2 });
    expect(s.heads).toHaveLength(2);
  });

  it('answers an empty body at once', async () => {
    const s = await server(['HTTP/1.1 204 No Content\r\n\r\n']);
    expect(await connect(s.port).send(getRequest(s.url('/'), {}))).toEqual({ status: 204, bytes: 0 });
  });

  it('counts a lost connection as status 0, and connects again for the next request', async () => {
    const s = await server(['close', 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n']);
    const c = connect(s.port);
    expect((await c.send(getRequest(s.url('/'), {}))).status).toBe(0);
    expect(await c.send(getRequest(s.url('/'), {}))).toEqual({ status: 200, bytes: 0 });
  });

  it('gives up on a chunk size that is not a number, and connects again', async () => {
    const s = await server([
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx',
    ]);
    const c = connect(s.port);
    expect((await c.send(getRequest(s.url('/'), {}))).status).toBe(0);
    expect(await c.send(getRequest(s.url('/'), {}))).toEqual({ status: 200, bytes: 1 });
  });
});
