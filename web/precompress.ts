import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser downloads; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this, headers cost more than the bytes saved. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip level 9) beside each compressible file
 * of `dir`, so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing on every request. A copy no smaller than its file is not written. Dot-directories
 * (Vite's `.vite/manifest.json`) are never served, so they are skipped.
 */
export async function precompressDir(dir: string): Promise<{ files: number; raw: number; br: number; gzip: number }> {
  const total = { files: 0, raw: 0, br: 0, gzip: 0 };
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  await Promise.all(
    entries
      .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
      .map(async (e) => {
        const file = path.join(e.parentPath, e.name);
        if (
          path
            .relative(dir, file)
            .split(path.sep)
            .some((part) => part.startsWith('.'))
        )
          return;
        const raw = await readFile(file);
        if (raw.length < MIN_BYTES) return;
        const [br, gzipped] = await Promise.all([
          brotli(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
          gz(raw, { level: 9 }),
        ]);
        total.files++;
        total.raw += raw.length;
        if (br.length < raw.length) await writeFile(`${file}.br`, br);
        if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
        total.br += Math.min(br.length, raw.length);
        total.gzip += Math.min(gzipped.length, raw.length);
      }),
  );
  return total;
}

/** Vite plugin: precompresses the build output once it is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'guichet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const t = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} Ko`;
      this.info?.(`${t.files} fichiers précompressés : ${kb(t.raw)} → brotli ${kb(t.br)}, gzip ${kb(t.gzip)}`);
    },
  };
}
