import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { type AccessFields, writeAccessLine } from './logging.ts';

const fields: AccessFields = {
  method: 'GET',
  url: '/api/partenaire/get/valid',
  ip: '203.0.113.7',
  statusCode: 200,
  responseTime: 0.25,
};

function logger(level = 'info') {
  const lines: string[] = [];
  const log = pino({ level }, { write: (line: string) => lines.push(line) });
  return { log, lines };
}

/** What pino itself writes for these fields, as AccessLog wrote it through `info`. */
const byPino = (log: pino.Logger, { method, url, ip, statusCode, responseTime }: typeof fields) =>
  log.info({ req: { method, url, ip }, res: { statusCode }, responseTime }, 'request completed');
const withoutTime = (line: string) => line.replace(/"time":\d+/, '');

describe('la ligne d’accès', () => {
  it('d’une requête du framework est celle de pino : liens de la requête et de l’agent, statut, même ordre', () => {
    const { log, lines } = logger();
    const request = log.child({ service: 'guichet' }).child({ reqId: 'req-8' });
    request.setBindings({ agentId: 3 });
    const answer = { ...fields, statusCode: 404 };
    byPino(request, answer);
    writeAccessLine(request as FastifyBaseLogger, answer);
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('\n')).toBe(true);
    expect(withoutTime(lines[1])).toBe(withoutTime(lines[0]));
    expect(JSON.parse(lines[1])).toMatchObject({
      service: 'guichet',
      reqId: 'req-8',
      agentId: 3,
      res: { statusCode: 404 },
    });
  });

  it('d’une réponse rejouée à la porte porte l’id de la requête, que le journal de l’application n’a pas', () => {
    const { log, lines } = logger();
    const app = log.child({ service: 'guichet' });
    byPino(app.child({ reqId: 'req-9' }), fields);
    writeAccessLine(app as FastifyBaseLogger, { ...fields, reqId: 'req-9' });
    expect(withoutTime(lines[1])).toBe(withoutTime(lines[0]));
  });

  it('échappe une adresse comme pino et omet ce qui manque', () => {
    const { log, lines } = logger();
    const odd = { ...fields, url: '/api/x?page="1"\\é\u2028', ip: undefined };
    byPino(log, odd);
    writeAccessLine(log as FastifyBaseLogger, odd);
    expect(withoutTime(lines[1])).toBe(withoutTime(lines[0]));
  });

  it('n’est pas écrite sous le niveau du journal', () => {
    const { log, lines } = logger('warn');
    writeAccessLine(log as FastifyBaseLogger, fields);
    expect(lines).toEqual([]);
  });

  it('passe par `info` quand le journal n’est pas pino (celui, muet, de Fastify)', () => {
    const info = vi.fn();
    writeAccessLine({ info } as unknown as FastifyBaseLogger, { ...fields, reqId: 'req-8' });
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
