import { readFileSync } from 'node:fs';
import { LOGO_MAX_BYTES } from '@guichet/contract';
import { describe, expect, it } from 'vitest';

const caddyfile = readFileSync(new URL('../../deploy/Caddyfile', import.meta.url), 'utf8');
const UNITS: Record<string, number> = { KiB: 1024, MiB: 1024 ** 2, KB: 1000, MB: 1000 ** 2 };

describe('Caddyfile de déploiement', () => {
  it('borne la taille des requêtes au-dessus du plus gros envoi accepté par le portail, pas au-delà de raison', () => {
    const match = /request_body\s*\{\s*max_size\s+(\d+)(KiB|MiB|KB|MB)\s*\}/.exec(caddyfile);
    expect(match, 'request_body { max_size … } manquant').not.toBeNull();
    const max = Number(match?.[1]) * (UNITS[match?.[2] ?? ''] ?? Number.NaN);
    // A logo at the limit travels with its form fields and multipart boundaries.
    expect(max).toBeGreaterThanOrEqual(LOGO_MAX_BYTES + 64 * 1024);
    expect(max).toBeLessThanOrEqual(16 * 1024 ** 2);
  });
});
