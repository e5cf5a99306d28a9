import { MESSAGES, PARTENAIRE_MESSAGES } from '@guichet/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { logoLocalError, logoUploadError } from './logo-field.tsx';

describe('message d’un téléversement de logo refusé', () => {
  it('montre la phrase du serveur quand le fichier est bon mais l’envoi refusé maintenant (429, 503)', () => {
    expect(logoUploadError(new ApiError(429, PARTENAIRE_MESSAGES.logoQuotaAdresse))).toBe(
      PARTENAIRE_MESSAGES.logoQuotaAdresse,
    );
    expect(logoUploadError(new ApiError(503, PARTENAIRE_MESSAGES.logoQuotaTotal))).toBe(
      PARTENAIRE_MESSAGES.logoQuotaTotal,
    );
  });

  it('sinon, le rappel du format et de la taille', () => {
    expect(logoUploadError(new ApiError(400, MESSAGES.erreurLogo))).toBe(MESSAGES.erreurLogo);
    expect(logoUploadError(new TypeError('Failed to fetch'))).toBe(MESSAGES.erreurLogo);
  });
});

describe('logo refusé : la phrase de la spécification, puis le fichier reçu', () => {
  it('garde la précision du serveur (format, taille)', () => {
    const detail = `${MESSAGES.erreurLogo} (fichier reçu : GIF, 3,4 Mo)`;
    expect(logoUploadError(new ApiError(400, detail))).toBe(detail);
  });

  it('dans le navigateur, nomme le format par son contenu et la taille', async () => {
    const gif = new File(
      [new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]), new Uint8Array(3.4 * 1024 * 1024)],
      'l.png',
      {
        type: 'image/gif',
      },
    );
    expect(await logoLocalError(gif)).toBe(`${MESSAGES.erreurLogo} (fichier reçu : GIF, 3,4 Mo)`);
  });
});
