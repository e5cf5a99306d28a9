import { Readable } from 'node:stream';
import { formatDateTime } from '@guichet/contract';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

export type CsvColumn<R> = { header: string; value: (row: R) => unknown };

const cell = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return formatDateTime(v);
  if (typeof v === 'boolean') return v ? 'Oui' : 'Non';
  return String(v);
};

/**
 * Streams rows as the office's CSV (decisions §4): `;`, UTF-8 with BOM, CRLF, French headers,
 * Paris dates. Backpressure flows from the socket back to the database batches. The first
 * batch is read before anything is sent, so a query that fails answers a normal JSON error
 * rather than a broken download.
 */
export async function sendCsv<R>(
  reply: FastifyReply,
  filename: string,
  columns: CsvColumn<R>[],
  rows: AsyncIterable<R>,
) {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  const ascii = filename.normalize('NFD').replace(/[^\x20-\x7e]/g, '');
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('cache-control', 'no-store');
  const source = Readable.from(
    (async function* () {
      for (let next = first; !next.done; next = await iterator.next()) {
        yield columns.map((c) => cell(c.value(next.value)));
      }
    })(),
  );
  const csv = stringify({
    delimiter: ';',
    bom: true,
    record_delimiter: 'windows',
    header: true,
    columns: columns.map((c) => c.header),
  });
  source.on('error', (err) => csv.destroy(err));
  return reply.send(source.pipe(csv));
}
