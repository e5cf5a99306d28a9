import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { accessLineWriter } from './logging.ts';

const fields = {
  reqId: 'req-8',
  method: 'GET',
  url: '/api/partenaire/get/valid',
  ip: '203.0.113.7',
  responseTime: 0.25,
};

function logger(level = 'info') {
  const lines: string[] = [];
  const log = pino({ level }, { write: (line: string) => lines.push(line) });
  return { log, lines };
}

describe('la ligne d’accès d’une réponse rejouée à la porte', () => {
  it('est celle que pino écrit pour une requête du framework : mêmes champs, même ordre, mêmes liens', () => {
    const { log, lines } = logger();
    const app = log.child({ service: 'guichet' });
    const { reqId, method, url, ip, responseTime } = fields;
    app
      .child({ reqId })
      .info({ req: { method, url, ip }, res: { statusCode: 200 }, responseTime }, 'request completed');
    accessLineWriter(app as FastifyBaseLogger)(fields);
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('\n')).toBe(true);
    const [byPino, ours] = lines.map((l) => JSON.parse(l));
    expect(Object.keys(ours)).toEqual(Object.keys(byPino));
    expect({ ...ours, time: 0 }).toEqual({ ...byPino, time: 0 });
    expect(ours).toMatchObject({ service: 'guichet', reqId: 'req-8', res: { statusCode: 200 } });
  });

  it('échappe une adresse comme pino et omet ce qui manque', () => {
    const { log, lines } = logger();
    const odd = { ...fields, url: '/api/x?page="1"\\é\u2028', ip: undefined };
    log.child({ reqId: odd.reqId }).info(
      {
        req: { method: odd.method, url: odd.url, ip: odd.ip },
        res: { statusCode: 200 },
        responseTime: odd.responseTime,
      },
      'request completed',
    );
    accessLineWriter(log as FastifyBaseLogger)(odd);
    const [byPino, ours] = lines;
    expect(ours.replace(/"time":\d+/, '')).toBe(byPino.replace(/"time":\d+/, ''));
  });

  it('n’est pas écrite sous le niveau du journal', () => {
    const { log, lines } = logger('warn');
    accessLineWriter(log as FastifyBaseLogger)(fields);
    expect(lines).toEqual([]);
  });

  it('passe par `info` quand le journal n’est pas pino (celui, muet, de Fastify)', () => {
    const info = vi.fn();
    accessLineWriter({ info } as unknown as FastifyBaseLogger)(fields);
    expect(info).toHaveBeenCalledWith(
      {
        reqId: 'req-8',
        req: { method: 'GET', url: fields.url, ip: fields.ip },
        res: { statusCode: 200 },
        responseTime: 0.25,
      },
      'request completed',
    );
  });
});
