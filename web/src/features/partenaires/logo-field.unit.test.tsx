import { LOGO_MAX_BYTES, logoErreurDetail, logoFormatRecu, MESSAGES, PARTENAIRE_MESSAGES } from '@guichet/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, json, serverAnswers } from '../../../test/fake-server.ts';
import { LogoField } from './logo-field.tsx';

const UPLOAD = '/api/logo/upload';
const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A file of `size` bytes that starts with `head`, as the browser gives it from the chooser. */
const file = (head: number[], size: number, name: string, type: string) =>
  new File([new Uint8Array(head), new Uint8Array(size - head.length)], name, { type });

function renderField() {
  const onChange = vi.fn();
  render(<LogoField id="logo" label="Logo" value="" nom="Alpha" onChange={onChange} />);
  return onChange;
}
const choose = (f: File) => fireEvent.change(screen.getByTestId('logo-fichier'), { target: { files: [f] } });
const refusal = async () => (await screen.findByRole('alert')).textContent;

/**
 * The logo upload as the server answers it: a file whose bytes are not a JPEG or a PNG is refused
 * with the spec's sentence and what was received, worked out from the bytes sent with the contract's
 * functions, as the server does (server/src/features/logos/logos.service.ts).
 */
function logoServer() {
  return fakeServer((url, init) => {
    if (url !== UPLOAD || init?.method !== 'POST') return undefined;
    return (async () => {
      const sent = (init.body as FormData).get('logo') as File;
      const bytes = new Uint8Array(await sent.arrayBuffer());
      const format = logoFormatRecu(bytes);
      if (format === 'PNG' || format === 'JPEG') return json(200, { status: 'success', file: 'logo-1.png' });
      const message = logoErreurDetail(MESSAGES.erreurLogo, { format, bytes: bytes.length });
      return json(400, { status: 'error', message, errors: [{ key: 'logo', error: message }] });
    })();
  });
}

describe('logo d’un partenaire : ce que la personne lit quand son fichier est refusé', () => {
  it('refusé avant l’envoi : la phrase de la spécification, le format lu dans ses octets et sa taille', async () => {
    const fetchMock = logoServer();
    const onChange = renderField();
    // Named .png, but a GIF of 3,4 Mo: too big and not an accepted type.
    choose(file(GIF, Math.round(3.4 * 1024 * 1024), 'logo.png', 'image/gif'));
    expect(await refusal()).toBe('Veuillez vérifier le format ou le taille de votre logo (fichier reçu : GIF, 3,4 Mo)');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('un PNG trop lourd est refusé sur la page, sa taille dite', async () => {
    const fetchMock = logoServer();
    renderField();
    choose(file(PNG, LOGO_MAX_BYTES + 200 * 1024, 'photo.png', 'image/png'));
    expect(await refusal()).toBe('Veuillez vérifier le format ou le taille de votre logo (fichier reçu : PNG, 3,2 Mo)');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refusé par le serveur (un GIF que le navigateur dit PNG) : la précision du serveur, pas seulement la phrase', async () => {
    logoServer();
    const onChange = renderField();
    choose(file(GIF, 2000, 'logo.png', 'image/png'));
    expect(await refusal()).toBe('Veuillez vérifier le format ou le taille de votre logo (fichier reçu : GIF, 2 Ko)');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('accepté : le nom du logo enregistré revient au formulaire', async () => {
    logoServer();
    const onChange = renderField();
    choose(file(PNG, 5000, 'logo.png', 'image/png'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('logo-1.png'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('un bon fichier refusé maintenant (trop d’envois, stockage plein) : la phrase du serveur', async () => {
    serverAnswers(json(429, { status: 'error', message: PARTENAIRE_MESSAGES.logoQuotaAdresse, errors: [] }));
    renderField();
    choose(file(PNG, 5000, 'logo.png', 'image/png'));
    expect(await refusal()).toBe(PARTENAIRE_MESSAGES.logoQuotaAdresse);
  });

  it('le serveur injoignable : le rappel du format et de la taille', async () => {
    serverAnswers(new TypeError('Failed to fetch'));
    renderField();
    choose(file(PNG, 5000, 'logo.png', 'image/png'));
    expect(await refusal()).toBe(MESSAGES.erreurLogo);
  });
});
