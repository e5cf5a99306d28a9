import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

  it('sur demande, ramène aussi ce qu’il contient : dossiers 0700, fichiers 0600', () => {
    const dir = path.join(root, 'contenu');
    mkdirSync(path.join(dir, 'pglite', 'base'), { recursive: true });
    chmodSync(path.join(dir, 'pglite'), 0o755);
    writeFileSync(path.join(dir, 'pglite', 'base', '1'), 'x', { mode: 0o666 });
    chmodSync(path.join(dir, 'pglite', 'base', '1'), 0o666);
    writeFileSync(path.join(dir, 'admin.lock'), 'x', { mode: 0o644 });
    chmodSync(path.join(dir, 'admin.lock'), 0o644);
    secureDataDir(dir, { everything: true });
    expect(mode(path.join(dir, 'pglite'))).toBe(0o700);
    expect(mode(path.join(dir, 'pglite', 'base'))).toBe(0o700);
    expect(mode(path.join(dir, 'pglite', 'base', '1'))).toBe(0o600);
    expect(mode(path.join(dir, 'admin.lock'))).toBe(0o600);
  });
});
