/**
 * Bracket-style nested parameters (`sort[name]=date&filtres[]=7`), as the server's `qs` parser
 * reads them (docs/spec/portal-spec.md §7). Written here rather than shipping `qs` and its dependencies (~15 KB gzip)
 * to every public page.
 */
export function toQuery(params: object | undefined): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      for (const v of value) add(`${key}[]`, v);
    } else if (typeof value === 'object' && !(value instanceof Date)) {
      for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    } else {
      const v = value instanceof Date ? value.toISOString() : String(value);
      parts.push(`${key}=${encodeURIComponent(v)}`);
    }
  };
  for (const [k, v] of Object.entries(params ?? {})) add(encodeURIComponent(k), v);
  return parts.join('&');
}
