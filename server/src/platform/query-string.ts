import qs from 'qs';

/** How the spec's calls nest their parameters (`sort[name]=date`, `filter[statut][]=1`). */
export const QS_OPTIONS = { depth: 5, arrayLimit: 100 } as const;

/** qs keeps at most this many pairs, and turns longer `[]` lists into objects: left to it. */
const FAST_MAX_PAIRS = 100;
const NESTED = /[[\]]|%5[bd]/i;

/** As qs decodes: `+` is a space, a malformed escape stays as written. */
function decode(s: string): string {
  const plain = s.includes('+') ? s.replaceAll('+', ' ') : s;
  if (!plain.includes('%')) return plain;
  try {
    return decodeURIComponent(plain);
  } catch {
    return plain;
  }
}

/**
 * The query string as qs reads it with QS_OPTIONS, without qs for the flat strings most calls
 * send (`page=2&search=…`, the directory's `filtres[]=3`): qs cost 7 % of the server's time on
 * the directory (docs/benchmarks.md). Anything nested, or longer than FAST_MAX_PAIRS, goes to qs.
 */
export function parseQueryString(s: string): Record<string, unknown> {
  const pairs = s.split('&');
  if (pairs.length > FAST_MAX_PAIRS) return qs.parse(s, QS_OPTIONS);
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    let rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    const list = rawKey.endsWith('[]');
    if (list) rawKey = rawKey.slice(0, -2);
    // A bracket elsewhere, written or escaped, is qs's to read (it splits `a=b]=c` at its `]=`, and
    // turns every %5B into `[` before decoding).
    if (NESTED.test(rawKey) || NESTED.test(rawValue) || (list && rawKey === '')) {
      return qs.parse(s, QS_OPTIONS);
    }
    const key = decode(rawKey);
    // qs drops an empty key and any name Object.prototype already has (`__proto__`, `toString`…).
    if (key === '' || Object.hasOwn(Object.prototype, key)) continue;
    const value = decode(rawValue);
    const before = out[key];
    out[key] = before === undefined ? (list ? [value] : value) : ([] as unknown[]).concat(before, value);
  }
  return out;
}
