import { type Column, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * The searched text of a row: its columns joined by spaces, lower-cased, without accents, so a
 * "contains" search ignores case and accents (docs/spec/decisions.md §4). Literals stay inline, not bound
 * parameters, so the planner can match an index on the same expression.
 */
export function searchExpression(columns: (SQLWrapper | Column)[]): SQL {
  return sql`immutable_unaccent(lower(${sql.join(
    columns.map((c) => sql`coalesce(${c}::text, ${sql.raw("''")})`),
    sql.raw(" || ' ' || "),
  )}))`;
}

/** The same, over a big table's own columns, as the SQL of a stored generated column. */
export const storedSearchText = (columns: string[]) =>
  sql.raw(`immutable_unaccent(lower(${columns.map((c) => `coalesce(${c}::text, '')`).join(" || ' ' || ")}))`);
