import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Config, loadConfig } from './config.ts';

describe('configuration du courrier', () => {
  it('accepte des valeurs correctes', () => {
    const c = loadConfig({
      SMTP_URL: 'smtp://utilisateur:secret@mail.example.fr:587',
      MAIL_FROM: 'Guichet <guichet@example.fr>',
      PUBLIC_URL: 'https://guichet.example.fr/',
    });
    expect(c.smtpUrl).toBe('smtp://utilisateur:secret@mail.example.fr:587');
    expect(c.mailFrom).toBe('Guichet <guichet@example.fr>');
    expect(c.publicUrl).toBe('https://guichet.example.fr');
    expect(loadConfig({ MAIL_FROM: 'guichet@example.fr', SMTP_URL: 'smtps://mail.example.fr' }).smtpUrl).toBe(
      'smtps://mail.example.fr',
    );
  });

  it('sans SMTP_URL, le courrier part dans le dossier de données', () => {
    expect(loadConfig({ SMTP_URL: '' }).smtpUrl).toBeUndefined();
  });

  it.each(['http://mail.example.fr', 'mail.example.fr:25', 'smtp://', 'smtp:/mail', 'smtp://:25'])(
    'refuse au démarrage SMTP_URL=%s avec un message en français',
    (value) => {
      expect(() => loadConfig({ SMTP_URL: value })).toThrow(
        /Configuration invalide :\n {2}- SMTP_URL: SMTP_URL doit être une URL smtp:\/\/ ou smtps:\/\//,
      );
    },
  );

  it.each(['guichet', 'guichet@', '@example.fr', 'Guichet <guichet>', 'a b@example.fr', 'Guichet <a@b.fr'])(
    'refuse au démarrage MAIL_FROM=%s avec un message en français',
    (value) => {
      expect(() => loadConfig({ MAIL_FROM: value })).toThrow(
        /Configuration invalide :\n {2}- MAIL_FROM: MAIL_FROM doit être une adresse e-mail/,
      );
    },
  );

  it('liste toutes les erreurs à la fois', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://x', MAIL_FROM: 'x' })).toThrow(
      /SMTP_URL[\s\S]*MAIL_FROM|MAIL_FROM[\s\S]*SMTP_URL/,
    );
  });
});

describe('configuration de la conservation des données', () => {
  it('RETENTION_DAYS vaut 365 jours par défaut et accepte un nombre entier de jours', () => {
    expect(loadConfig({}).retentionDays).toBe(365);
    expect(loadConfig({ RETENTION_DAYS: '' }).retentionDays).toBe(365);
    expect(loadConfig({ RETENTION_DAYS: '730' }).retentionDays).toBe(730);
    expect(loadConfig({ RETENTION_DAYS: '30' }).retentionDays).toBe(30);
    expect(loadConfig({ RETENTION_DAYS: '3650' }).retentionDays).toBe(3650);
  });

  it.each(['0', '29', '-365', '3651', '365.5', 'un an', '1 an'])(
    'refuse au démarrage RETENTION_DAYS=%s avec un message en français',
    (value) => {
      expect(() => loadConfig({ RETENTION_DAYS: value })).toThrow(
        /Configuration invalide :\n {2}- RETENTION_DAYS: RETENTION_DAYS doit être un nombre entier de jours, entre 30 et 3650$/,
      );
    },
  );
});

describe('OFFER_CHECK_DAYS et OFFER_GRACE_DAYS', () => {
  it('valent 30 et 14 jours par défaut et acceptent un nombre entier de jours dans leurs bornes', () => {
    expect(loadConfig({})).toMatchObject({ offerCheckDays: 30, offerGraceDays: 14 });
    expect(loadConfig({ OFFER_CHECK_DAYS: '7', OFFER_GRACE_DAYS: '90' })).toMatchObject({
      offerCheckDays: 7,
      offerGraceDays: 90,
    });
    expect(loadConfig({ OFFER_CHECK_DAYS: '365', OFFER_GRACE_DAYS: '3' })).toMatchObject({
      offerCheckDays: 365,
      offerGraceDays: 3,
    });
  });

  it.each([
    ['OFFER_CHECK_DAYS', '6', 'entre 7 et 365'],
    ['OFFER_CHECK_DAYS', '366', 'entre 7 et 365'],
    ['OFFER_CHECK_DAYS', 'un mois', 'entre 7 et 365'],
    ['OFFER_GRACE_DAYS', '2', 'entre 3 et 90'],
    ['OFFER_GRACE_DAYS', '14.5', 'entre 3 et 90'],
  ])('refuse au démarrage %s=%s avec un message en français', (name, value, bounds) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      `Configuration invalide :\n  - ${name}: ${name} doit être un nombre entier de jours, ${bounds}`,
    );
  });
});

describe('AGEING_DAYS', () => {
  it('vaut 7 jours par défaut et accepte de 1 à 365 jours', () => {
    expect(loadConfig({}).ageingDays).toBe(7);
    expect(loadConfig({ AGEING_DAYS: '1' }).ageingDays).toBe(1);
    expect(loadConfig({ AGEING_DAYS: '365' }).ageingDays).toBe(365);
  });

  it.each(['0', '366', 'une semaine'])('refuse au démarrage AGEING_DAYS=%s avec un message en français', (value) => {
    expect(() => loadConfig({ AGEING_DAYS: value })).toThrow(
      'Configuration invalide :\n  - AGEING_DAYS: AGEING_DAYS doit être un nombre entier de jours, entre 1 et 365',
    );
  });
});

describe('TRUST_PROXY', () => {
  it('sans valeur, aucun relais n’est cru', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });

  it('arrête le démarrage sur une entrée invalide, avec un message en français', () => {
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,proxy.local' })).toThrow(
      /Configuration invalide :\n {2}- TRUST_PROXY: TRUST_PROXY : « proxy\.local » n’est ni une adresse IP ni un réseau CIDR/,
    );
  });
});

describe('réglages par défaut', () => {
  it('un environnement vide donne chaque réglage, sous le nom que le serveur lit', () => {
    const config: Config = loadConfig({});
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'Guichet numérique étudiant <ne-pas-repondre@guichet.local>',
      publicFormRateLimit: 30,
      adminUsername: 'admin',
      adminPassword: undefined,
      sessionCacheSeconds: 5,
      sessionIdleMinutes: 30,
      sessionMaxHours: 12,
      retentionDays: 365,
      partnerLinkDays: 60,
      offerCheckDays: 30,
      offerGraceDays: 14,
      ageingDays: 7,
      logoQuotaKbPerAddress: 20 * 1024,
      logoQuotaKbTotal: 200 * 1024,
      jobsFirstCheckSeconds: 60,
      logLevel: 'info',
      webDist: undefined,
      trustProxy: [],
    });
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });
});
