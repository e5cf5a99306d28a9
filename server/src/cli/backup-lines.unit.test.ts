import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { backupLines, type RestoreLimits } from './backup-lines.ts';
import { CommandError } from './command-error.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'guichet-lignes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function gz(text: string) {
  const file = path.join(dir, `${++n}.gz`);
  writeFileSync(file, gzipSync(text));
  return file;
}
const read = async (file: string, limits?: RestoreLimits) => {
  const lines: string[] = [];
  for await (const line of backupLines(file, limits)) lines.push(line);
  return lines;
};
const limits = (over: Partial<RestoreLimits>): RestoreLimits => ({
  maxLine: 1 << 20,
  maxTotal: 1 << 30,
  maxRatio: 100,
  ratioFrom: 1 << 20,
  ...over,
});

describe('lecture d’une sauvegarde ligne à ligne', () => {
  it('rend chaque ligne entière, même coupée entre deux blocs décompressés, accents compris', async () => {
    const long = `{"x":"${'é'.repeat(200_000)}"}`;
    expect(await read(gz(`a\n${long}\n\nb`))).toEqual(['a', long, '', 'b']);
  });

  it('refuse une ligne trop longue, qu’elle finisse ou non, en le disant en français', async () => {
    const small = limits({ maxLine: 1000 });
    await expect(read(gz(`ok\n${'x'.repeat(5000)}`), small)).rejects.toThrow(/une ligne dépasse.*Rien n’a changé/);
    await expect(read(gz(`${'x'.repeat(1001)}\nok\n`), small)).rejects.toBeInstanceOf(CommandError);
    expect(await read(gz(`${'x'.repeat(1000)}\nok`), small)).toEqual(['x'.repeat(1000), 'ok']);
    // The limit is in bytes: 600 « é » weigh 1 200.
    await expect(read(gz(`${'é'.repeat(600)}\nok`), small)).rejects.toThrow(/une ligne dépasse/);
  });

  it('refuse ce qui dépasse la taille totale une fois décompressé', async () => {
    const file = gz('{"table":"t"}\n'.repeat(10_000));
    await expect(read(file, limits({ maxTotal: 50_000 }))).rejects.toThrow(/une fois décompressée/);
    expect(await read(file, limits({ maxTotal: 200_000 }))).toHaveLength(10_000);
  });

  it('refuse une bombe de décompression, pas une petite base très répétitive', async () => {
    const bomb = gz(`${'x'.repeat(1023)}\n`.repeat(8192));
    await expect(read(bomb)).resolves.toHaveLength(8192);
    await expect(read(bomb, limits({ ratioFrom: 1 << 20 }))).rejects.toThrow(/plus de 100 fois/);
  });
});
