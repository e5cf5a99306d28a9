import type { FieldError } from '@guichet/contract';

/** The path of every field a form holds (`nom`, `proprietaire.nom`), in the order of its values. */
export function fieldPaths(values: unknown, prefix = ''): string[] {
  if (values === null || typeof values !== 'object' || Array.isArray(values) || values instanceof Blob) {
    return prefix ? [prefix] : [];
  }
  return Object.entries(values).flatMap(([k, v]) => fieldPaths(v, prefix ? `${prefix}.${k}` : k));
}

const lastSegment = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/**
 * Puts the server's `{ key, error }` list on the form's fields. A key names a field by its path
 * (`proprietaire.nom`) or by its last segment only (`nom`, what the server's schema errors carry):
 * the exact path wins, then the first field whose last segment matches. Each field keeps its first
 * error; the errors that name no field come back apart (the banner speaks for them).
 */
export function placeServerErrors(errors: readonly FieldError[], paths: readonly string[]) {
  const placed = new Map<string, string>();
  const unplaced: FieldError[] = [];
  for (const e of errors) {
    const path =
      paths.find((p) => p === e.key) ?? paths.find((p) => !placed.has(p) && lastSegment(p) === lastSegment(e.key));
    if (path === undefined) unplaced.push(e);
    else if (!placed.has(path)) placed.set(path, e.error);
  }
  return { placed: [...placed], unplaced };
}
