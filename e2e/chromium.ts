import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** How to start the browser for the tests: a binary and, for the npm one, its libraries and fonts. */
export type ChromiumLaunch = { executablePath: string; source: string; env?: Record<string, string> };

const DEBIAN = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'];

/**
 * The Chromium the browser tests drive. E2E_CHROMIUM: unset, Debian's when installed, otherwise
 * the one in the npm package `@sparticuz/chromium`; `npm`, always the npm one; a path, that binary.
 */
export function findChromium(): ChromiumLaunch {
  const wanted = process.env.E2E_CHROMIUM;
  if (wanted && wanted !== 'npm') {
    if (!existsSync(wanted)) throw new Error(`E2E_CHROMIUM=${wanted} : ce fichier n'existe pas.`);
    return { executablePath: wanted, source: wanted };
  }
  const debian = wanted === 'npm' ? undefined : DEBIAN.find((p) => existsSync(p));
  return debian ? { executablePath: debian, source: debian } : npmChromium();
}

let unpacked: ChromiumLaunch | undefined;

/**
 * `@sparticuz/chromium` ships Chromium brotli-compressed; it is unpacked once per machine and
 * version into the temp dir. Its own `executablePath()` writes to /tmp/chromium, shared by every
 * run and every version; here each run unpacks into a directory of its own, renamed into place
 * in one step, so runs side by side never see a half-written binary.
 */
function npmChromium(): ChromiumLaunch {
  if (unpacked) return unpacked;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  } catch {
    throw new Error(
      'Chromium introuvable : lancez « npm install » (le paquet npm @sparticuz/chromium fournit le navigateur des tests) ou installez le paquet Debian « chromium ».',
    );
  }
  const pkgDir = path.join(path.dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  const dir = path.join(os.tmpdir(), `guichet-chromium-${version}`);
  if (!existsSync(path.join(dir, 'chromium'))) {
    const staging = `${dir}.${process.pid}.${Date.now()}`;
    mkdirSync(staging, { recursive: true });
    // The package's inflate() writes into os.tmpdir(): a child process whose TMPDIR is the staging dir.
    // al2023.tar.br holds libnss3, libnspr4 and libexpat, which a machine without a browser may lack.
    const script = `
      const m = await import(${JSON.stringify(pathToFileURL(entry).href)});
      const bin = ${JSON.stringify(path.join(pkgDir, 'bin'))};
      for (const f of ['chromium.br', 'fonts.tar.br', 'swiftshader.tar.br', 'al2023.tar.br']) await m.inflate(bin + '/' + f);`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, TMPDIR: staging },
      encoding: 'utf8',
    });
    if (r.status !== 0) {
      rmSync(staging, { recursive: true, force: true });
      throw new Error(`Décompression de Chromium (@sparticuz/chromium) impossible : ${r.stderr}`);
    }
    // Only the fonts shipped with the package, whatever the machine has: the same rendering everywhere.
    writeFileSync(
      path.join(staging, 'fonts.conf'),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${dir}/fonts/fonts</dir>\n  <cachedir>${dir}/fonts-cache</cachedir>\n</fontconfig>\n`,
    );
    try {
      renameSync(staging, dir);
    } catch {
      rmSync(staging, { recursive: true, force: true }); // another run was first: use its copy
    }
  }
  unpacked = {
    executablePath: path.join(dir, 'chromium'),
    source: `@sparticuz/chromium ${version}`,
    env: {
      FONTCONFIG_FILE: path.join(dir, 'fonts.conf'),
      LD_LIBRARY_PATH: [path.join(dir, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
    },
  };
  return unpacked;
}
