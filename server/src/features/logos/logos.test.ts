import zlib from 'node:zlib';
import { LOGO_MAX_BYTES, LOGO_NAME, MESSAGES, PARTENAIRE_MESSAGES } from '@guichet/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { logos, partenaires } from '../../db/schema.ts';
import { jpegLogo, multipart, noisyPngLogo, pngLogo, register, upload } from '../partenaires/partenaires.fixtures.ts';
import { reencodeLogo } from './logo-image.ts';

/** The spec's sentence, then what the server received (format by content, size). */
const refused = (recu: string) => {
  const message = `${MESSAGES.erreurLogo} (fichier reçu : ${recu})`;
  return { status: 'error', message, errors: [{ key: 'logo', error: message }] };
};

describe(`logos : téléversement et téléchargement (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());
  const count = () => t.app.db.$count(logos);

  it('accepte un PNG, le stocke en base sous un nom aléatoire et le sert avec ses en-têtes', async () => {
    const res = await upload(t.app, await pngLogo(), 'Mon logo (final).PNG');
    expect(res.statusCode).toBe(200);
    const { status, file } = res.json();
    expect(status).toBe('success');
    expect(file).toMatch(LOGO_NAME);
    expect(file).toMatch(/\.png$/);
    const [row] = await t.app.db.select().from(logos).where(eq(logos.name, file));
    expect(row.contentType).toBe('image/png');

    const got = await t.app.inject({ url: `/api/file/download/${file}` });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(got.rawPayload, row.data)).toBe(0);
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 60, 30]);
  });

  it('accepte un JPEG, réencodé sans ses métadonnées (EXIF) et borné à 1000 px', async () => {
    const big = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#18753c' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret interne', Artist: 'Appareil du directeur' } })
      .toBuffer();
    expect((await sharp(big).metadata()).exif).toBeDefined();
    const res = await upload(t.app, big, 'photo.jpeg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const file = res.json().file as string;
    expect(file).toMatch(/^[0-9a-f]{32}\.jpg$/);
    const got = await t.app.inject({ url: `/api/file/download/${file}` });
    expect(got.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1000, 500]);
    expect(meta.exif).toBeUndefined();
    expect(got.rawPayload.includes(Buffer.from('Secret interne'))).toBe(false);
  });

  it('refuse une bombe de décompression : quelques Ko qui décrivent 400 millions de pixels', async () => {
    // The same construction at a sane size is a valid logo: the refusal is the pixel limit.
    expect((await upload(t.app, pngBomb(64), 'petit.png')).statusCode).toBe(200);
    const bomb = pngBomb(20_000);
    expect(bomb.length).toBeLessThan(LOGO_MAX_BYTES);
    const before = await count();
    const res = await upload(t.app, bomb, 'bombe.png');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/ \(fichier reçu : PNG, \d+ (Ko|octets)\)$/);
    expect(await count()).toBe(before);
  });

  it('neutralise un polyglotte (PNG suivi d’un script) : seule l’image réencodée est servie', async () => {
    const payload = '<script>alert("logo")</script>';
    const polyglot = Buffer.concat([await pngLogo(), Buffer.from(payload)]);
    const res = await upload(t.app, polyglot, 'image.png.html');
    // The image part decodes, so the logo is accepted; re-encoding leaves the script behind.
    expect(res.statusCode).toBe(200);
    const got = await t.app.inject({ url: `/api/file/download/${res.json().file}` });
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.includes(Buffer.from(payload))).toBe(false);
  });

  it('refuse un fichier texte nommé .png, sans rien stocker', async () => {
    const before = await count();
    const text = Buffer.from('Ceci n’est pas une image.\n');
    const res = await upload(t.app, text, 'logo.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused(`format inconnu, ${text.length} octets`));
    expect(await count()).toBe(before);
  });

  it('refuse un en-tête PNG suivi de données sans valeur, et un PNG tronqué', async () => {
    const before = await count();
    const png = await pngLogo();
    const garbage = Buffer.concat([png.subarray(0, 33), Buffer.alloc(4096, 0x41)]);
    const bad = await upload(t.app, garbage);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(refused('PNG, 4 Ko'));
    const truncated = await upload(t.app, png.subarray(0, png.length - 30));
    expect(truncated.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('refuse les autres formats (GIF, SVG) même déclarés en PNG', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const asGif = await upload(t.app, gif, 'logo.png');
    expect(asGif.statusCode).toBe(400);
    expect(asGif.json()).toEqual(refused(`GIF, ${gif.length} octets`));
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(t.app, svg, 'logo.png', 'image/png')).statusCode).toBe(400);
  });

  it('refuse 3 Mo + 1 octet, coupé par la limite du serveur ; 3 Mo exactement passe la limite', async () => {
    const before = await count();
    const png = await pngLogo();
    // A valid PNG padded after IEND: only the size decides.
    const over = Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES + 1 - png.length)]);
    const res = await upload(t.app, over);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('PNG, plus de 3 Mo'));
    expect(await count()).toBe(before);
    const exact = Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES - png.length)]);
    const ok = await upload(t.app, exact);
    expect(ok.statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('ignore le nom envoyé : « ../ » ne change ni le nom stocké ni un fichier du disque', async () => {
    const res = await upload(t.app, await jpegLogo(), '../../../server/src/app.ts', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const file = res.json().file as string;
    expect(file).toMatch(LOGO_NAME);
    expect(file).not.toContain('..');
    expect(file).not.toContain('/');
  });

  it('refuse une requête sans fichier, un autre champ ou un corps JSON', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/logo/upload',
      ...multipart('image', 'logo.png', 'image/png', await pngLogo()),
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual([{ key: 'logo', error: MESSAGES.erreurLogo }]);
    const json = await t.app.inject({ method: 'POST', url: '/api/logo/upload', payload: { logo: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual([{ key: 'logo', error: MESSAGES.erreurLogo }]);
  });

  it('ne sert que des noms de logos existants : ni autre nom, ni chemin avec ../', async () => {
    const unknown = 'ffffffffffffffffffffffffffffffff.png';
    for (const url of [
      `/api/file/download/${unknown}`,
      '/api/file/download/app.ts',
      '/api/file/download/..%2F..%2Fpackage.json',
      '/api/file/download/../../package.json',
      '/api/file/download/%2E%2E%2Fserver%2Fsrc%2Fapp.ts',
      '/api/file/download/index.html',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/json/);
    }
  });

  it('supprime au téléversement suivant les logos de plus de deux heures que personne n’utilise', async () => {
    const used = await register(t.app, {});
    const [{ logo: usedLogo }] = await t.app.db
      .select({ logo: partenaires.logo })
      .from(partenaires)
      .where(eq(partenaires.id, used));
    const proposed = (await upload(t.app, await pngLogo('#ff0000'))).json().file as string;
    await t.app.db
      .update(partenaires)
      .set({ tempdata: { logo: proposed } })
      .where(eq(partenaires.id, used));
    const orphanOld = (await upload(t.app, await pngLogo('#00ff00'))).json().file as string;
    const orphanRecent = (await upload(t.app, await pngLogo('#0000ff'))).json().file as string;
    await t.app.db
      .update(logos)
      .set({ createdAt: sql`now() - interval '121 minutes'` })
      .where(sql`${logos.name} in (${usedLogo}, ${proposed}, ${orphanOld})`);
    await t.app.db
      .update(logos)
      .set({ createdAt: sql`now() - interval '119 minutes'` })
      .where(eq(logos.name, orphanRecent));

    await upload(t.app, await pngLogo('#123456'));
    const names = (await t.app.db.select({ name: logos.name }).from(logos)).map((r) => r.name);
    expect(names).toContain(usedLogo);
    expect(names).toContain(proposed);
    expect(names).toContain(orphanRecent);
    expect(names).not.toContain(orphanOld);
    expect((await t.app.inject({ url: `/api/file/download/${orphanOld}` })).statusCode).toBe(404);
  });
});

describe(`logos : plafonds des logos orphelins (${dbKind})`, () => {
  const png = noisyPngLogo;
  let size: number;
  beforeAll(async () => {
    size = (await reencodeLogo(await png()))?.data.length ?? 0;
    expect(size).toBeGreaterThan(20_000);
  });
  const kb = (logosCount: number) => String(Math.floor((logosCount * size) / 1024 + size / 2048));
  const from = async (t: TestApp, address: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/logo/upload',
      remoteAddress: address,
      ...multipart('logo', 'l.png', 'image/png', await png()),
    });

  it('par adresse : au-delà des octets permis en 24 h, 429 en français et rien de stocké ; une autre adresse passe', async () => {
    const t = await testApp({ LOGO_QUOTA_KB_PER_ADDRESS: kb(2), LOGO_QUOTA_KB_TOTAL: kb(100) });
    try {
      expect((await from(t, '198.51.100.7')).statusCode).toBe(200);
      expect((await from(t, '198.51.100.7')).statusCode).toBe(200);
      const third = await from(t, '198.51.100.7');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ status: 'error', message: PARTENAIRE_MESSAGES.logoQuotaAdresse });
      expect(await t.app.db.$count(logos)).toBe(2);
      expect((await from(t, '203.0.113.9')).statusCode).toBe(200);
      expect(await t.app.db.$count(logos)).toBe(3);
    } finally {
      await t.close();
    }
  });

  it('au total : au-delà des octets d’orphelins permis, 503 en français, même en rafale parallèle ; un logo utilisé ou expiré libère la place', async () => {
    const t = await testApp({ LOGO_QUOTA_KB_PER_ADDRESS: kb(100), LOGO_QUOTA_KB_TOTAL: kb(3) });
    try {
      const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => from(t, `192.0.2.${i + 1}`)));
      expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 503, 503, 503]);
      const full = burst.find((r) => r.statusCode === 503);
      expect(full?.json()).toMatchObject({ status: 'error', message: PARTENAIRE_MESSAGES.logoQuotaTotal });
      expect(await t.app.db.$count(logos)).toBe(3);

      // A registration uses one of them: it is no longer an orphan, one upload fits again.
      const stored = burst.filter((r) => r.statusCode === 200).map((r) => r.json().file as string);
      await register(t.app, { logo: stored[0] });
      expect((await from(t, '192.0.2.50')).statusCode).toBe(200);
      expect((await from(t, '192.0.2.51')).statusCode).toBe(503);

      // Orphans past their two hours are deleted before the count.
      await t.app.db.update(logos).set({ createdAt: sql`now() - interval '121 minutes'` });
      expect((await from(t, '192.0.2.52')).statusCode).toBe(200);
      expect(await t.app.db.$count(logos)).toBe(2);
    } finally {
      await t.close();
    }
  });
});

describe(`logos : limite par adresse (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ PUBLIC_FORM_RATE_LIMIT: '2' });
  });
  afterAll(() => t.close());

  it('répond 429 en français au-delà de PUBLIC_FORM_RATE_LIMIT téléversements par minute', async () => {
    const png = await pngLogo();
    expect((await upload(t.app, png)).statusCode).toBe(200);
    expect((await upload(t.app, png)).statusCode).toBe(200);
    const third = await upload(t.app, png);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(MESSAGES.tropDeRequetes);
  });
});

/**
 * A real, complete PNG of side × side black pixels (1 bit each): every row is zeros, so it
 * deflates a thousand to one. Decoded, it would take gigabytes.
 */
function pngBomb(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // 1 bit, grayscale, deflate, no filter, no interlace
  const row = Buffer.alloc(1 + Math.ceil(side / 8)); // filter byte 0 + the row's bits
  const all = zlib.deflateSync(Buffer.alloc(row.length * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', all),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
