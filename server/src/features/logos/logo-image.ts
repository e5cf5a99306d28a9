import { randomBytes } from 'node:crypto';

/** Logos are shown small in the directory: larger images are scaled down to fit this box. */
export const LOGO_MAX_SIDE = 1000;
/** A decompression bomb stops here, before any pixel buffer is allocated. */
const MAX_INPUT_PIXELS = 40_000_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

export type LogoImage = { name: string; contentType: 'image/png' | 'image/jpeg'; data: Buffer };

/** The format by content, never by file name or declared type. */
export function sniffFormat(buf: Buffer): 'png' | 'jpeg' | null {
  if (buf.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (buf.subarray(0, 3).equals(JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

/** A fresh random name (128 bits): never derived from what the uploader sent. */
export const newLogoName = (format: 'png' | 'jpeg') =>
  `${randomBytes(16).toString('hex')}.${format === 'png' ? 'png' : 'jpg'}`;

/**
 * Decodes the whole image (a PNG header followed by garbage fails here), applies the EXIF
 * orientation, bounds its size and re-encodes it in its own format: metadata (EXIF, GPS, ICC
 * comments) is not copied. Returns null when the bytes are not a decodable JPEG or PNG.
 */
export async function reencodeLogo(buf: Buffer): Promise<LogoImage | null> {
  const format = sniffFormat(buf);
  if (!format) return null;
  // Loaded at the first logo, not at start (0.2 s).
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const meta = await sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (meta.format !== format) return null;
    const data =
      format === 'png'
        ? await image.png({ compressionLevel: 9 }).toBuffer()
        : await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return { name: newLogoName(format), contentType: format === 'png' ? 'image/png' : 'image/jpeg', data };
  } catch {
    return null;
  }
}
