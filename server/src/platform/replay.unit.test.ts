import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createReplay } from './replay.ts';

const request = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  ({ method, url, headers, raw: { url } }) as unknown as FastifyRequest & IncomingMessage;
const reply = (headers: Record<string, string | number | string[]>, statusCode = 200) =>
  ({ statusCode, getHeaders: () => headers }) as unknown as FastifyReply;
function response() {
  const written: { status?: number; headers?: string[]; body?: Buffer } = {};
  const res = {
    writeHead: (status: number, headers: string[]) => Object.assign(written, { status, headers }),
    end: (body: Buffer) => Object.assign(written, { body }),
  } as unknown as ServerResponse;
  return { res, written };
}

/** A route's answer as the framework sent it, kept for replay. */
function answer(
  replay: ReturnType<typeof createReplay>,
  url: string,
  opts: { body?: string; headers?: Record<string, string | number | string[]>; accept?: string; status?: number } = {},
) {
  const req = request(url, opts.accept ? { 'accept-encoding': opts.accept } : {});
  const body = Buffer.from(opts.body ?? '[]');
  let current = true;
  replay.keep(req, body, () => current);
  replay.capture(
    req,
    reply(opts.headers ?? { 'content-type': 'application/json', 'content-length': body.length }, opts.status),
  );
  return { stale: () => (current = false) };
}

describe('réponses rejouées à la porte', () => {
  it('rejoue la réponse gardée : mêmes en-têtes (sauf date et connexion), mêmes octets, une ligne de journal', () => {
    const log = vi.fn();
    const replay = createReplay({ log });
    answer(replay, '/api/annuaire?x=1', {
      body: '[1]',
      headers: { etag: '"a"', 'content-length': 3, date: 'hier', connection: 'keep-alive', vary: 'accept-encoding' },
    });
    const { res, written } = response();
    expect(replay.serve(request('/api/annuaire?x=1'), res)).toBe(true);
    expect(written).toEqual({
      status: 200,
      headers: ['etag', '"a"', 'content-length', '3', 'vary', 'accept-encoding'],
      body: Buffer.from('[1]'),
    });
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('laisse au framework une autre adresse, un autre encodage accepté, HEAD, If-None-Match', () => {
    const replay = createReplay({ log: () => {} });
    answer(replay, '/a', { accept: 'gzip, deflate, br' });
    const { res } = response();
    expect(replay.serve(request('/a', { 'accept-encoding': 'br' }), res)).toBe(true);
    expect(replay.serve(request('/b', { 'accept-encoding': 'br' }), res)).toBe(false);
    expect(replay.serve(request('/a'), res)).toBe(false);
    expect(replay.serve(request('/a', { 'accept-encoding': 'gzip' }), res)).toBe(false);
    expect(replay.serve(request('/a', { 'accept-encoding': 'br' }, 'HEAD'), res)).toBe(false);
    expect(replay.serve(request('/a', { 'accept-encoding': 'br', 'if-none-match': '"x"' }), res)).toBe(false);
  });

  it('ne rejoue plus une réponse dépassée, et l’oublie', () => {
    const replay = createReplay({ log: () => {} });
    const { stale } = answer(replay, '/a');
    stale();
    expect(replay.serve(request('/a'), response().res)).toBe(false);
    expect(replay.size).toBe(0);
  });

  it('ne garde ni une réponse qui pose un cookie, ni une erreur, ni ce qu’une route n’a pas permis', () => {
    const replay = createReplay({ log: () => {} });
    answer(replay, '/cookie', { headers: { 'set-cookie': ['sid=1'] } });
    answer(replay, '/erreur', { status: 500 });
    replay.capture(request('/jamais'), reply({}));
    expect(replay.size).toBe(0);
  });

  it('garde au plus `max` réponses : la plus ancienne part', () => {
    const replay = createReplay({ log: () => {}, max: 3 });
    for (const url of ['/1', '/2', '/3', '/4']) answer(replay, url);
    expect(replay.size).toBe(3);
    expect(replay.serve(request('/1'), response().res)).toBe(false);
    expect(replay.serve(request('/4'), response().res)).toBe(true);
  });
});
