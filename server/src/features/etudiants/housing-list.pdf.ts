import { formatDate, formatPhone } from '@guichet/contract';
import type { Offer } from '../inscriptions/inscriptions.repository.ts';

/** What the list prints of a validated housing registration: where it is, when staff confirmed it, the housing facts and the owner's contact. */
export type HousingOffer = Pick<
  Offer,
  | 'proximite'
  | 'type'
  | 'surface'
  | 'loyer'
  | 'charges'
  | 'equipement'
  | 'colocation'
  | 'chauffage'
  | 'immeuble'
  | 'etage'
  | 'ascenceur'
  | 'parking'
  | 'typeParking'
  | 'localVelo'
  | 'caf'
  | 'infoLogement'
  | 'nom'
  | 'prenom'
  | 'telephone'
  | 'email'
  | 'adresse'
  | 'cp'
  | 'ville'
> & { /** When the offer was last confirmed available; none is printed without it. */ dateConfirmation: Date | null };
export type HousingListSite = {
  nomSite: string;
  emailContact: string;
  telephoneContact: string;
  adresseContact: string;
};
export type HousingListInput = {
  site: HousingListSite;
  offers: HousingOffer[];
  /** Date of issue printed on the title page and in every footer. */
  issuedAt: Date;
  /** Order of the proximité sectors; sectors not listed come after, alphabetically. */
  sectorOrder?: readonly string[];
};

export const HOUSING_LIST_FILENAME = 'Liste des logements privés.pdf';
export const NO_OFFER_TEXT =
  "Aucune offre de logement n'est disponible pour le moment. Le guichet vous invite à renouveler votre demande un peu plus tard ou à le contacter directement.";

const BLUE = '#000091';
const GREY = '#555555';
const RULE = '#cccccc';
const MARGIN = 50;
const FOOTER_GAP = 24;

/**
 * The standard PDF fonts only know WinAnsi (Latin-1 plus € ’ œ …): every French letter is
 * there, but a name typed with another script would print garbage. Accents outside WinAnsi
 * fall back to their base letter, anything else to '?'.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const LOOKALIKES: Record<string, string> = {
  '\u202f': '\u00a0',
  '\u2009': ' ',
  '\u2010': '-',
  '\u2011': '-',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
};
export function winAnsi(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch === '\n') out += ch;
    else if (LOOKALIKES[ch]) out += LOOKALIKES[ch];
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base !== ch && [...base].every((c) => c.charCodeAt(0) < 0x7f) ? base : code < 0x20 ? ' ' : '?';
    }
  }
  return out;
}

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const yesNo = (v: boolean | string) => (v === true || v === 'Oui' ? 'Oui' : 'Non');
/** 0612345678 → 06 12 34 56 78: the contract's display of a stored phone. */
const phone = formatPhone;

/** The heading of an offer: type, surface and rent, what a student compares first. */
export const offerTitle = (o: HousingOffer) =>
  `${o.type} — ${o.surface} — Loyer hors charges : ${o.loyer.charAt(0).toLowerCase()}${o.loyer.slice(1)}`;

/**
 * Where the housing is: the wizard asks for the housing's own address, and its data notice tells
 * the landlord that street, postal code and town are published (docs/decisions.md).
 */
export const offerPlace = (o: HousingOffer) =>
  `Adresse : ${[o.adresse.trim(), `${o.cp} ${o.ville}`.trim()].filter(Boolean).join(', ')}`;

/** The last time staff confirmed the offer (set to « Validé »): how fresh it is. */
export const offerConfirmed = (o: HousingOffer) =>
  o.dateConfirmation ? `Disponibilité confirmée le ${formatDate(o.dateConfirmation)}` : '';

/** The other housing facts of docs/spec/portal-spec.md §2, as label/value pairs in reading order. */
export function offerFacts(o: HousingOffer): [string, string][] {
  return [
    ['Charges', euros.format(Number(o.charges))],
    ['Équipement', o.equipement],
    ['Colocation', yesNo(o.colocation)],
    ['Chauffage', o.chauffage],
    ['Immeuble', o.immeuble === 'Oui' ? `Oui${o.etage ? `, ${o.etage}` : ''}` : 'Non'],
    ['Ascenseur', yesNo(o.ascenceur)],
    ['Parking', o.parking === 'Oui' ? `Oui${o.typeParking ? ` (${o.typeParking.toLowerCase()})` : ''}` : 'Non'],
    ['Local vélo', yesNo(o.localVelo)],
    ['Éligible aux aides au logement (CAF)', yesNo(o.caf)],
    ['État', o.infoLogement],
  ];
}

/** Offers by sector, sectors in the given order, offers in the order received (by date). */
export function groupBySector(offers: HousingOffer[], order: readonly string[] = []) {
  const groups = new Map<string, HousingOffer[]>();
  for (const o of offers) {
    const list = groups.get(o.proximite);
    if (list) list.push(o);
    else groups.set(o.proximite, [o]);
  }
  const rank = (s: string) => {
    const i = order.indexOf(s);
    return i < 0 ? order.length : i;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b, 'fr'))
    .map(([sector, list]) => ({ sector, offers: list }));
}

/**
 * The housing list mailed to students (docs/spec/decisions.md §4): a title page, then one section per
 * proximité sector holding its offers, each with the housing facts and the owner's contact.
 * Built in memory (a few hundred kB for a thousand offers) since it is attached to mails.
 */
export async function buildHousingListPdf(input: HousingListInput): Promise<Buffer> {
  // Loaded at the first list, not at start: pdfkit alone took a quarter of a second to load.
  const { default: PDFDocument } = await import('pdfkit');
  const { site, offers, issuedAt } = input;
  const edition = formatDate(issuedAt);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_GAP, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'fr-FR',
    displayTitle: true,
    info: {
      Title: winAnsi(`Liste des logements privés — ${site.nomSite}`),
      Author: winAnsi(site.nomSite),
      Subject: winAnsi(`Offres de logement validées, édition du ${edition}`),
      CreationDate: issuedAt,
    },
  });
  for (const f of ['Helvetica', 'Helvetica-Bold']) memoizeKerning(doc.font(f));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const groups = groupBySector(offers, input.sectorOrder);
  titlePage(doc, input, groups, edition, width);

  for (const { sector, offers: list } of groups) {
    doc.addPage();
    sectorHeading(doc, sector, list.length, width, false);
    for (const o of list) {
      const layout = layoutOffer(doc, o, width);
      if (doc.y + layout.height > bottom()) {
        doc.addPage();
        sectorHeading(doc, sector, list.length, width, true);
      }
      drawOffer(doc, layout, width);
    }
  }

  // Footers once every page exists, so "Page n / total" is right.
  const footer = winAnsi(`${site.nomSite} — Liste des logements privés — édition du ${edition}`);
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN - 10;
    doc.page.margins.bottom = 0; // writing below the text area must not open a new page
    doc.font('Helvetica').fontSize(8).fillColor(GREY);
    doc.text(footer, MARGIN, y, { width: width - 80, lineBreak: false });
    doc.text(`Page ${i - range.start + 1} / ${range.count}`, MARGIN, y, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}

function titlePage(
  doc: PDFKit.PDFDocument,
  input: HousingListInput,
  groups: ReturnType<typeof groupBySector>,
  edition: string,
  width: number,
) {
  const { site, offers } = input;
  const write = (s: string, opts: PDFKit.Mixins.TextOptions = {}) => doc.text(winAnsi(s), { width, ...opts });
  doc.font('Helvetica-Bold').fontSize(14).fillColor(GREY);
  write(site.nomSite);
  doc.moveDown(3);
  doc.font('Helvetica-Bold').fontSize(30).fillColor(BLUE);
  write('Liste des logements privés');
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(14).fillColor('black');
  write('Offres de propriétaires privés pour les étudiants');
  doc.moveDown(0.5);
  write(`Édition du ${edition}`);
  doc.moveDown(2);

  doc.fontSize(12);
  if (offers.length === 0) {
    doc.font('Helvetica-Bold');
    write(NO_OFFER_TEXT);
  } else {
    doc.font('Helvetica-Bold');
    write(
      offers.length === 1 ? '1 offre de logement, par secteur :' : `${offers.length} offres de logement, par secteur :`,
    );
    doc.moveDown(0.5).font('Helvetica');
    for (const g of groups) {
      write(`•  ${g.sector} : ${g.offers.length} offre${g.offers.length > 1 ? 's' : ''}`, { indent: 10 });
      doc.moveDown(0.2);
    }
    doc.moveDown(1);
    doc.fontSize(11).fillColor(GREY);
    write(
      'Les logements sont proposés directement par leurs propriétaires. Pour toute question ou pour visiter un logement, contactez le propriétaire aux coordonnées indiquées sous chaque offre.',
    );
  }

  // Contact block at the foot of the title page.
  const lines = [
    site.adresseContact,
    site.telephoneContact && `Téléphone : ${site.telephoneContact}`,
    site.emailContact && `Courriel : ${site.emailContact}`,
  ].filter(Boolean);
  const y = doc.page.height - doc.page.margins.bottom - (lines.length + 2) * 16;
  doc
    .moveTo(doc.page.margins.left, y - 10)
    .lineTo(doc.page.margins.left + width, y - 10)
    .strokeColor(RULE)
    .stroke();
  doc.font('Helvetica-Bold').fontSize(11).fillColor('black');
  doc.text(winAnsi('Contact'), doc.page.margins.left, y, { width });
  doc.font('Helvetica').fontSize(11);
  write(site.nomSite);
  for (const l of lines) write(l);
}

function sectorHeading(doc: PDFKit.PDFDocument, sector: string, count: number, width: number, continued: boolean) {
  doc.font('Helvetica-Bold').fontSize(16).fillColor(BLUE);
  doc.text(winAnsi(continued ? `${sector} (suite)` : sector), doc.page.margins.left, doc.page.margins.top, { width });
  doc.font('Helvetica').fontSize(10).fillColor(GREY);
  doc.text(count === 1 ? '1 offre' : `${count} offres`, { width });
  const y = doc.y + 6;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.margins.left + width, y)
    .strokeColor(BLUE)
    .lineWidth(1.5)
    .stroke();
  doc.lineWidth(1);
  doc.y = y + 12;
}

const COL_GAP = 20;
const FACT_SIZE = 10;
const CONFIRMED_SIZE = 9;
const PAD = 10;

/** A string measured once: `oneLine` strings are drawn without pdfkit's (slow) line wrapper. */
type Measured = { text: string; oneLine: boolean; width: number; height: number };
function measure(doc: PDFKit.PDFDocument, text: string, width: number): Measured {
  // Most fact lines repeat from offer to offer (enumerated values): each is measured once per font.
  const cache = measureCache(doc);
  const { _font, _fontSize } = doc as unknown as { _font: { name: string }; _fontSize: number };
  const key = `${_font.name}|${_fontSize}|${width}|${text}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const textWidth = doc.widthOfString(text);
  const oneLine = textWidth <= width;
  const height = oneLine ? doc.currentLineHeight(true) : doc.heightOfString(text, { width });
  const m = { text, oneLine, width: textWidth, height };
  cache.set(key, m);
  return m;
}
const caches = new WeakMap<PDFKit.PDFDocument, Map<string, Measured>>();
function measureCache(doc: PDFKit.PDFDocument) {
  let c = caches.get(doc);
  if (!c) {
    c = new Map();
    caches.set(doc, c);
  }
  return c;
}
function put(doc: PDFKit.PDFDocument, m: Measured, x: number, y: number, width: number) {
  // The known width spares pdfkit measuring the string once more.
  if (m.oneLine)
    doc.text(m.text, x, y, { lineBreak: false, textWidth: m.width, wordCount: 1 } as PDFKit.Mixins.TextOptions);
  else doc.text(m.text, x, y, { width });
  return m.height;
}

type OfferLayout = {
  title: Measured;
  /** Address line, then the confirmation date (absent when unknown). */
  place: Measured;
  confirmed: Measured | undefined;
  rows: { left: Measured; right: Measured | undefined; height: number }[];
  owner: [Measured, Measured];
  height: number;
};

/**
 * Measures an offer once: its height decides the page break, then the same strings are drawn.
 * Text widths (with kerning) are most of the cost of a thousand offers, so none is computed twice.
 */
function layoutOffer(doc: PDFKit.PDFDocument, o: HousingOffer, width: number): OfferLayout {
  const colWidth = (width - COL_GAP) / 2;
  doc.font('Helvetica-Bold').fontSize(12);
  const title = measure(doc, winAnsi(offerTitle(o)), width);
  let height = title.height + 2;
  doc.fontSize(FACT_SIZE);
  const place = measure(doc, winAnsi(offerPlace(o)), width);
  const confirmedText = offerConfirmed(o);
  doc.font('Helvetica').fontSize(CONFIRMED_SIZE);
  const confirmed = confirmedText ? measure(doc, winAnsi(confirmedText), width) : undefined;
  height += place.height + (confirmed?.height ?? 0) + 4;
  const facts = offerFacts(o).map(([label, value]) => winAnsi(`${label} : ${value}`));
  const half = Math.ceil(facts.length / 2);
  const rows: OfferLayout['rows'] = [];
  doc.font('Helvetica').fontSize(FACT_SIZE);
  for (let i = 0; i < half; i++) {
    const left = measure(doc, facts[i], colWidth);
    const right = facts[i + half] === undefined ? undefined : measure(doc, facts[i + half], colWidth);
    const h = Math.max(left.height, right?.height ?? 0) + 2;
    rows.push({ left, right, height: h });
    height += h;
  }
  const contact = measure(doc, winAnsi(`Téléphone : ${phone(o.telephone)}    Courriel : ${o.email}`), width);
  doc.font('Helvetica-Bold');
  const who = measure(doc, winAnsi(`Propriétaire : ${o.prenom} ${o.nom}`), width);
  height += 6 + who.height + contact.height + 2 * PAD;
  return { title, place, confirmed, rows, owner: [who, contact], height };
}

function drawOffer(doc: PDFKit.PDFDocument, layout: OfferLayout, width: number) {
  const x = doc.page.margins.left;
  const colWidth = (width - COL_GAP) / 2;
  let y = doc.y;
  doc.font('Helvetica-Bold').fontSize(12).fillColor('black');
  y += put(doc, layout.title, x, y, width) + 2;
  doc.fontSize(FACT_SIZE);
  y += put(doc, layout.place, x, y, width);
  if (layout.confirmed) {
    doc.font('Helvetica').fontSize(CONFIRMED_SIZE).fillColor(GREY);
    y += put(doc, layout.confirmed, x, y, width);
    doc.fillColor('black');
  }
  y += 4;
  doc.font('Helvetica').fontSize(FACT_SIZE);
  for (const row of layout.rows) {
    put(doc, row.left, x, y, colWidth);
    if (row.right) put(doc, row.right, x + colWidth + COL_GAP, y, colWidth);
    y += row.height;
  }
  y += 6;
  doc.font('Helvetica-Bold').fillColor(BLUE);
  y += put(doc, layout.owner[0], x, y, width);
  doc.font('Helvetica').fillColor('black');
  y += put(doc, layout.owner[1], x, y, width) + PAD;
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .strokeColor(RULE)
    .stroke();
  doc.x = x;
  doc.y = y + PAD;
}

type AfmFont = { getKernPair?: (left: string, right: string) => number; kernPairs?: Record<string, number> };
const patched = new WeakSet<object>();
/**
 * pdfkit looks each kerning pair up by building a `left\0right` key into an object of ~2 700
 * entries, twice per character drawn: for a thousand offers that is over a million lookups,
 * half the build time. The same answers from a two-level Map of the interned glyph names cost
 * a fraction of it. Guarded: if pdfkit's internals change, nothing is patched and only speed is lost.
 */
function memoizeKerning(doc: PDFKit.PDFDocument) {
  const afm = (doc as unknown as { _font?: { font?: AfmFont } })._font?.font;
  if (!afm || patched.has(afm) || typeof afm.getKernPair !== 'function' || !afm.kernPairs) return;
  const original = afm.getKernPair.bind(afm);
  const table = new Map<string, Map<string, number>>();
  afm.getKernPair = (left, right) => {
    let row = table.get(left);
    if (!row) {
      row = new Map();
      table.set(left, row);
    }
    let v = row.get(right);
    if (v === undefined) {
      v = original(left, right);
      row.set(right, v);
    }
    return v;
  };
  patched.add(afm);
}
