/** Dates shown to people: Europe/Paris, French order (docs/spec/portal-spec.md §9). */
const TZ = 'Europe/Paris';
const dateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: TZ,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const dateOnly = new Intl.DateTimeFormat('fr-FR', { timeZone: TZ, day: '2-digit', month: '2-digit', year: 'numeric' });

const toDate = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d);

/** DD/MM/YYYY HH:mm:ss */
export const formatDateTime = (d: Date | string | null | undefined) =>
  d ? dateTime.format(toDate(d)).replace(',', '') : '';
/** DD/MM/YYYY */
export const formatDate = (d: Date | string | null | undefined) => (d ? dateOnly.format(toDate(d)) : '');

/** Truncates to `max` characters (the spec's 255-character helper). */
export const truncate = (s: string, max = 255) => (s.length > max ? s.slice(0, max) : s);
