import qs from 'qs';

/** How the spec's calls nest their parameters (`sort[name]=date`, `filter[statut][]=1`). */
export const QS_OPTIONS = { depth: 5, arrayLimit: 100 } as const;

/** qs turns a `[]` list longer than its arrayLimit into an object: a string of more pairs is left to it. */
const FAST_MAX_PAIRS = QS_OPTIONS.arrayLimit;

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

/** `name`, `name[]`, `name[key]` or `name[key][]`: the shapes the portal's calls send. */
const SHAPE = /^([^[\]]+)(?:\[([^[\]]+)\])?(\[\])?$/;
const ESCAPED_BRACKET = /%5[bd]/i;
/** qs drops a name Object.prototype already has (`__proto__`, `toString`…), at any level. */
const inherited = (name: string) => Object.hasOwn(Object.prototype, name);
/** qs reads `name[0]` as an array index: left to it. */
const isIndex = (key: string) => String(Number.parseInt(key, 10)) === key;
/** A second value for the same name makes a list, as qs does. */
const combine = (before: unknown, value: string, list: boolean) =>
  before === undefined ? (list ? [value] : value) : ([] as unknown[]).concat(before, value);

/**
 * The query string as qs reads it with QS_OPTIONS, without qs for what the portal's calls send:
 * flat pairs (`page=2&search=…`, the directory's `filtres[]=3`) and one level of keys (the lists'
 * `sort[name]=date`, `filter[statut][]=1`). qs cost 7 % of the server's time on the directory
 * (docs/benchmarks.md). Anything else (deeper keys, indices, a bracket in a value, more than
 * FAST_MAX_PAIRS pairs, a name both plain and with keys) goes to qs.
 */
export function parseQueryString(s: string): Record<string, unknown> {
  const pairs = s.split('&');
  if (pairs.length > FAST_MAX_PAIRS) return qs.parse(s, QS_OPTIONS);
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    // Most names are plain (`page`, `search`): read without a regular expression, and a value is
    // searched for an escaped bracket only when it has a `%`. The regular expressions cost a list's
    // request ~17 µs on a loaded server (docs/benchmarks.md, dix-septième passe).
    const bracketed = rawKey.includes('[');
    const shape = bracketed ? SHAPE.exec(rawKey) : undefined;
    const plain = !bracketed && rawKey !== '' && !rawKey.includes(']');
    // A bracket elsewhere, written or escaped, is qs's to read (it splits `a=b]=c` at its `]=`, and
    // turns every %5B into `[` before decoding).
    if (
      (!shape && !plain) ||
      (rawKey.includes('%') && ESCAPED_BRACKET.test(rawKey)) ||
      rawValue.includes('[') ||
      rawValue.includes(']') ||
      (rawValue.includes('%') && ESCAPED_BRACKET.test(rawValue))
    )
      return qs.parse(s, QS_OPTIONS);
    const rawName = shape ? shape[1] : rawKey;
    const rawSub: string | undefined = shape?.[2];
    const list = shape?.[3];
    const name = decode(rawName);
    const sub = rawSub === undefined ? undefined : decode(rawSub);
    if (sub !== undefined && isIndex(sub)) return qs.parse(s, QS_OPTIONS);
    if (inherited(name) || (sub !== undefined && inherited(sub))) continue;
    const value = decode(rawValue);
    const before = out[name];
    // A name both plain and with keys (`a=1&a[b]=2`): qs's to merge.
    const withKeys = typeof before === 'object' && !Array.isArray(before);
    if (before !== undefined && withKeys !== (sub !== undefined)) return qs.parse(s, QS_OPTIONS);
    if (sub === undefined) {
      out[name] = combine(before, value, list !== undefined);
    } else {
      const keys = (before ?? {}) as Record<string, unknown>;
      keys[sub] = combine(keys[sub], value, list !== undefined);
      out[name] = keys;
    }
  }
  return out;
}
