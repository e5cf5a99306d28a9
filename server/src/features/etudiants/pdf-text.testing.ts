import { inflateSync } from 'node:zlib';

/** WinAnsi bytes 0x80–0x9F (the rest of the range is Latin-1). */
const WIN_ANSI_80 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const decodeWinAnsi = (bytes: Buffer) =>
  [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_80[b - 0x80] : String.fromCharCode(b))).join('');

/**
 * The text of a PDF written by pdfkit with its standard fonts, for tests: every content stream
 * is inflated, and each text object (BT … ET) becomes one line, its hex strings decoded from
 * WinAnsi (kerning offsets between them dropped). Pages come in order, separated by '\f'.
 * Reading the bytes this way also proves the accents are encoded as the font expects.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  if (!raw.startsWith('%PDF-')) throw new Error('pas un PDF');
  const pages: string[] = [];
  const streams = /\/Length (\d+)[^>]*\/Filter \/FlateDecode[^>]*>>\s*stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const body = pdf.subarray(start, start + Number(m[1]));
    let content: string;
    try {
      content = inflateSync(body).toString('latin1');
    } catch {
      continue; // not a content stream (fonts are not embedded, but be tolerant)
    }
    if (!content.includes('BT')) continue;
    const lines: string[] = [];
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const parts = [...block[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodeWinAnsi(Buffer.from(h[1], 'hex')));
      lines.push(parts.join(''));
    }
    pages.push(lines.join('\n'));
  }
  return pages.join('\n\f');
}
