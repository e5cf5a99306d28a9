import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { writeAccessLine } from './logging.ts';

const fields = {
  method: 'GET',
  url: '/api/admin/role/get/list/by/filters?page=0&rowsPerPage=10',
  ip: '203.0.113.7',
  statusCode: 304,
  responseTime: 1.25,
};

function logger(level = 'info') {
  const lines: string[] = [];
  const log = pino({ level }, { write: (line: string) => lines.push(line) });
  return { log, lines };
}

describe('la ligne d’accès écrite en texte', () => {
  it('est la ligne que pino écrirait : mêmes champs, même ordre, liens du journal de la requête compris', () => {
    const { log, lines } = logger();
    const request = log.child({ reqId: 'req-1' }).child({ agentId: 42 });
    const { method, url, ip, statusCode, responseTime } = fields;
    request.info({ req: { method, url, ip }, res: { statusCode }, responseTime }, 'request completed');
    writeAccessLine(request as FastifyBaseLogger, fields);
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('\n')).toBe(true);
    const [byPino, ours] = lines.map((l) => JSON.parse(l));
    expect(Object.keys(ours)).toEqual(Object.keys(byPino));
    expect({ ...ours, time: 0 }).toEqual({ ...byPino, time: 0 });
    expect(ours).toMatchObject({ reqId: 'req-1', agentId: 42, res: { statusCode: 304 } });
  });

  it('place l’identifiant d’une réponse servie à la porte où le journal d’une requête le place', () => {
    const { log, lines } = logger();
    log.child({ reqId: 'req-7' }).info({ req: {}, res: {}, responseTime: 1 }, 'request completed');
    writeAccessLine(log as FastifyBaseLogger, { ...fields, reqId: 'req-8' });
    const [byPino, ours] = lines.map((l) => JSON.parse(l));
    expect(Object.keys(ours)).toEqual(Object.keys(byPino));
    expect(ours.reqId).toBe('req-8');
  });

  it('n’écrit rien sous le niveau du journal (la route de santé journalise en « warn »)', () => {
    const quiet = logger('warn');
    writeAccessLine(quiet.log as FastifyBaseLogger, fields);
    expect(quiet.lines).toEqual([]);
    const { log, lines } = logger();
    writeAccessLine(log.child({}, { level: 'warn' }) as FastifyBaseLogger, fields);
    expect(lines).toEqual([]);
  });

  it('passe par `info` quand le journal n’est pas pino (celui, muet, de Fastify)', () => {
    const info = vi.fn();
    writeAccessLine({ info } as unknown as FastifyBaseLogger, fields);
    expect(info).toHaveBeenCalledWith(
      { req: { method: 'GET', url: fields.url, ip: fields.ip }, res: { statusCode: 304 }, responseTime: 1.25 },
      'request completed',
    );
  });
});
