import { MESSAGES, PARTENAIRE_MESSAGES } from '@guichet/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { logoUploadError } from './logo-field.tsx';

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
