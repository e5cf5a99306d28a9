import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { secureDataDir } from './data-dir.ts';

describe('DATA_DIR réservé au compte du portail', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'guichet-data-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const mode = (p: string) => statSync(p).mode & 0o777;

  it('crée le dossier (et ses parents manquants) en 0700', () => {
    const dir = path.join(root, 'nouveau', 'data');
    secureDataDir(dir);
    expect(mode(dir)).toBe(0o700);
  });

  it('ramène à 0700 un dossier existant créé plus ouvert', () => {
    const dir = path.join(root, 'ancien');
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    secureDataDir(dir);
    expect(mode(dir)).toBe(0o700);
  });
});
