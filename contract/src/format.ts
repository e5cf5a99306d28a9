/** Dates shown to people: Europe/Paris, French order (docs/spec/portal-spec.md §9). */
const TZ = 'Europe/Paris';
const DAY: Intl.DateTimeFormatOptions = { timeZone: TZ, day: '2-digit', month: '2-digit', year: 'numeric' };
/** The two formats as Intl writes them: what the hand-written digits below must equal. */
export const PARIS_FORMATS = {
  dateTime: { ...DAY, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  date: DAY,
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const dateTime = new Intl.DateTimeFormat('fr-FR', PARIS_FORMATS.dateTime);
const dateOnly = new Intl.DateTimeFormat('fr-FR', PARIS_FORMATS.date);

const toDate = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d);

const DAY_MS = 86_400_000;
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
/** Paris's offset from UTC at an instant, in ms, as Intl's time zone data gives it. */
function offsetAt(t: number): number {
  const parts: Record<string, number> = {};
  for (const p of dateTime.formatToParts(t)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(t / 1000) * 1000;
}
/** Per UTC day, Paris's offset when it holds all day; NaN on a day the clocks change. */
const dayOffsets = new Map<number, number>();
/**
 * An export writes hundreds of thousands of dates, and Intl takes microseconds for each: the offset
 * is read from Intl once per day and the digits written by hand (the same text, compared with Intl's
 * on random dates and on every change of time in a unit test). A day the clocks change, a date
 * before year 1000 or after 9999, or an invalid one goes through Intl.
 */
function parisWall(d: Date): Date | undefined {
  const t = d.getTime();
  const day = Math.floor(t / DAY_MS);
  let offset = dayOffsets.get(day);
  if (offset === undefined) {
    if (Number.isNaN(t)) return undefined;
    const start = offsetAt(day * DAY_MS);
    offset = start === offsetAt((day + 1) * DAY_MS - 1000) ? start : Number.NaN;
    if (dayOffsets.size >= 20_000) dayOffsets.clear();
    dayOffsets.set(day, offset);
  }
  if (Number.isNaN(offset)) return undefined;
  const wall = new Date(t + offset);
  const year = wall.getUTCFullYear();
  return year >= 1000 && year <= 9999 ? wall : undefined;
}
const ddmmyyyy = (w: Date) => `${pad2(w.getUTCDate())}/${pad2(w.getUTCMonth() + 1)}/${w.getUTCFullYear()}`;

/** DD/MM/YYYY HH:mm:ss */
export const formatDateTime = (d: Date | string | null | undefined) => {
  if (!d) return '';
  const date = toDate(d);
  const w = parisWall(date);
  if (!w) return dateTime.format(date).replace(',', '');
  return `${ddmmyyyy(w)} ${pad2(w.getUTCHours())}:${pad2(w.getUTCMinutes())}:${pad2(w.getUTCSeconds())}`;
};
/** DD/MM/YYYY */
export const formatDate = (d: Date | string | null | undefined) => {
  if (!d) return '';
  const date = toDate(d);
  const w = parisWall(date);
  return w ? ddmmyyyy(w) : dateOnly.format(date);
};

/** The calendar year in Paris at this instant: the office's year, whatever the browser's time zone. */
export const parisYear = (d: Date = new Date()) => Number(formatDate(d).slice(6));

/** Truncates to `max` characters (the spec's 255-character helper). */
export const truncate = (s: string, max = 255) => (s.length > max ? s.slice(0, max) : s);
