import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { CommandError } from './command-error.ts';

/**
 * What a restore accepts before reading further. A real backup line is one row (a logo or a
 * mailed PDF at most, base64-encoded); a real backup compresses JSON a few times over, never a
 * thousand times as a gzip bomb does. The ratio is checked only past `ratioFrom` bytes, so a
 * small, very repetitive database still restores.
 */
export type RestoreLimits = { maxLine: number; maxTotal: number; maxRatio: number; ratioFrom: number };

const MIB = 1024 * 1024;
export const RESTORE_LIMITS: RestoreLimits = {
  maxLine: 64 * MIB,
  maxTotal: 8 * 1024 * MIB,
  maxRatio: 100,
  ratioFrom: 64 * MIB,
};

const refuse = (why: string) => new CommandError(`Sauvegarde refusée : ${why} Rien n’a changé.`);
const mib = (bytes: number) => `${Math.round(bytes / MIB)} Mo`;

/**
 * The decompressed lines of a backup file, in linear time: each chunk is scanned once, and a line
 * split across chunks is joined only when its end arrives. Stops at the first limit passed.
 */
export async function* backupLines(file: string, limits: RestoreLimits = RESTORE_LIMITS): AsyncGenerator<string> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.on('error', (err) => gunzip.destroy(err));
  let compressed = 0;
  source.on('data', (chunk) => {
    compressed += chunk.length;
  });
  // Decoded by the stream: a character split across two chunks stays whole.
  gunzip.setEncoding('utf8');
  const tooLong = () => refuse(`une ligne dépasse ${mib(limits.maxLine)}.`);
  let total = 0;
  let pieces: string[] = [];
  let pending = 0;
  try {
    for await (const chunk of source.pipe(gunzip) as AsyncIterable<string>) {
      total += Buffer.byteLength(chunk);
      if (total > limits.maxTotal) throw refuse(`plus de ${mib(limits.maxTotal)} une fois décompressée.`);
      if (total > limits.ratioFrom && total > compressed * limits.maxRatio) {
        throw refuse(`elle se décompresse plus de ${limits.maxRatio} fois, ce que ne fait pas une vraie sauvegarde.`);
      }
      let start = 0;
      for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
        const piece = chunk.slice(start, end);
        // Bytes, as the limit is stated: a line of accented text weighs more than its length.
        if (pending + Buffer.byteLength(piece) > limits.maxLine) throw tooLong();
        pieces.push(piece);
        yield pieces.join('');
        pieces = [];
        pending = 0;
        start = end + 1;
      }
      if (start < chunk.length) {
        const rest = chunk.slice(start);
        pieces.push(rest);
        pending += Buffer.byteLength(rest);
      }
      if (pending > limits.maxLine) throw tooLong();
    }
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  if (pieces.length) yield pieces.join('');
}
