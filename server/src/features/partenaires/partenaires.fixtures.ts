import { randomBytes } from 'node:crypto';
import type { PartenaireFieldsInput } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { partenaires } from '../../db/schema.ts';
import type { AppInstance } from '../../platform/app-instance.ts';

/** A small real PNG (re-encoding shrinks nothing useful, but it decodes). */
export const pngLogo = (color = '#000091', width = 60, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
/** A PNG of tens of KB even after re-encoding (noise does not compress): for quota tests. */
export const noisyPngLogo = () =>
  sharp({
    create: {
      width: 200,
      height: 120,
      channels: 3,
      background: '#336699',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
export const jpegLogo = (color = '#c9191e') =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** A multipart body with one file part, as a browser's FormData sends it. */
export function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----guichet${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function upload(app: AppInstance, content: Buffer, filename = 'logo.png', contentType = 'image/png') {
  return app.inject({ method: 'POST', url: '/api/logo/upload', ...multipart('logo', filename, contentType, content) });
}

/** Uploads a fresh PNG and returns its stored name. */
export async function uploadedLogo(app: AppInstance, color?: string): Promise<string> {
  const res = await upload(app, await pngLogo(color));
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return res.json().file;
}

/** A complete registration as the form sends it. */
export const validPartenaire = (logo: string, over: Partial<PartenaireFieldsInput> = {}): PartenaireFieldsInput => ({
  nom: 'Vélo Campus',
  lien: 'velo-campus.fr',
  lienOffres: 'https://velo-campus.fr/etudiants',
  presentation: 'Location de vélos à prix réduit pour les étudiants de l’agglomération.',
  logo,
  nomComplet: 'Association Vélo Campus Troyes',
  adresse: '3 rue des Cyclistes',
  cp: '10000',
  ville: 'troyes',
  telephone: '0325000001',
  mail: 'contact@velo-campus.fr',
  civiliteR: 'Madame',
  nomR: 'Martin',
  prenomR: 'Claire',
  fonctionR: 'Présidente',
  telephoneR: '0612345678',
  mailR: 'claire.martin@velo-campus.fr',
  ...over,
});

/** Registers through the public API and returns the new id. */
export async function register(app: AppInstance, over: Partial<PartenaireFieldsInput> = {}, query = '') {
  const logo = over.logo ?? (await uploadedLogo(app));
  const res = await app.inject({
    method: 'POST',
    url: `/api/partenaire/add${query}`,
    payload: validPartenaire(logo, over),
  });
  if (res.statusCode !== 200) throw new Error(`add failed: ${res.body}`);
  const [row] = await app.db.select({ id: partenaires.id }).from(partenaires).where(eq(partenaires.logo, logo));
  return row.id;
}

/** Staff's PUT body for a partner: its current fields plus the given status and placement. */
export async function adminPut(
  app: AppInstance,
  cookie: string,
  id: number,
  set: {
    statut?: number;
    actif?: boolean;
    categorie?: number | null;
    filtre?: number | null;
  } & Partial<PartenaireFieldsInput>,
) {
  const current = (await app.inject({ url: `/api/admin/partenaire/get/${id}`, headers: { cookie } })).json().partenaire;
  const body = {
    partenaire: {
      ...current,
      statut: current.idStatut,
      categorie: current.idCategorie,
      filtre: current.filtre?.id ?? null,
      ...set,
    },
  };
  return app.inject({ method: 'PUT', url: `/api/admin/partenaire/update/${id}`, headers: { cookie }, payload: body });
}
