import { describe, expect, it } from 'vitest';
import { mailErrorFr, rawMailError } from './mail-errors.ts';

describe('erreurs d’envoi en français', () => {
  it('nodemailer : le code d’abord, gardé tel quel pour l’administrateur', () => {
    const err = Object.assign(new Error('Connection closed unexpectedly'), { code: 'ECONNECTION' });
    expect(rawMailError(err)).toBe('ECONNECTION: Connection closed unexpectedly');
    const named = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), { code: 'ECONNREFUSED' });
    expect(rawMailError(named)).toBe('connect ECONNREFUSED 127.0.0.1:2525');
    expect(rawMailError('x'.repeat(3000))).toHaveLength(2000);
  });

  it.each([
    ['ESOCKET: connect ECONNREFUSED 127.0.0.1:2525', /refuse la connexion/],
    ['ECONNECTION: Connection closed unexpectedly', /a coupé la connexion/],
    ['ETIMEDOUT: Connection timeout', /ne répond pas/],
    ['ETIMEDOUT: Greeting never received', /ne répond pas/],
    ['EDNS: getaddrinfo ENOTFOUND smtp.exemple.fr', /introuvable \(nom inconnu/],
    ['EAUTH: Invalid login: 535 5.7.8 Authentication failed', /identifiant ou le mot de passe/],
    ['ETLS: unable to verify the first certificate', /chiffrée \(TLS\)/],
    ['ESOCKET: 80F8:error:0A00010B:SSL routines:ssl3_get_record:wrong version number', /chiffrée \(TLS\)/],
    [
      "EENVELOPE: Can't send mail - all recipients were rejected: 550 5.1.1 <x@y.fr>: Recipient address rejected",
      /adresse du destinataire/,
    ],
    ['EMESSAGE: Message failed: 552 5.3.4 Message size exceeds fixed limit', /trop volumineux/],
    ['EMESSAGE: 451 4.7.1 Greylisted, try again later', /pour le moment \(erreur temporaire 451\)/],
    ['Message failed: 554 5.7.1 Spam message rejected', /erreur définitive 554/],
    [
      "EACCES: permission denied, open '/srv/guichet/data/mail/20261128T1002Z-abc.eml.tmp'",
      /pas accessible en écriture/,
    ],
    [
      "ENOSPC: no space left on device, write '/srv/guichet/data/mail/x.eml.tmp'",
      /disque du serveur du portail est plein/,
    ],
    ['pièce jointe 12 introuvable', /pièce jointe du courriel est introuvable/],
    [
      'TypeError: Cannot read properties of undefined (reading "x") at /app/server/dist/index.js:1:2',
      /Erreur inattendue/,
    ],
  ])('%s', (raw, french) => {
    const sentence = mailErrorFr(raw) ?? '';
    expect(sentence).toMatch(french);
    // Never a path, a host, a port or the raw words.
    expect(sentence).not.toMatch(/\/|127\.0\.0\.1|:\d|exemple\.fr|E[A-Z]{3,}/);
    expect(sentence).toMatch(/^[A-ZÀ-Ý].*\.$/);
  });

  it('pas d’erreur, pas de phrase ; un port n’est pas un code SMTP', () => {
    expect(mailErrorFr(null)).toBeNull();
    expect(mailErrorFr('')).toBeNull();
    expect(mailErrorFr('ECONNRESET: read ECONNRESET 10.0.0.5:587')).toMatch(/a coupé la connexion/);
    expect(mailErrorFr('something odd on port 550')).toMatch(/Erreur inattendue/);
  });
});
