/** The results table: one row per measure, each database's value next to its own budget and verdict. */
export type DbKind = 'pglite' | 'postgres';
export const DB_LABEL: Record<DbKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

type Cell = { value: string; budget: string; ok?: boolean };
type Row = { mesure: string; cells: Partial<Record<DbKind, Cell>> };

export class Report {
  private rows: Row[] = [];

  /** Keeps a row's place in the table before it is measured (the first loads at the top). */
  reserve(mesure: string) {
    this.row(mesure);
  }

  /**
   * One database's value. `ok` undefined: a reference shown for comparison, without a budget of
   * its own (the query alone next to its endpoint).
   */
  record(mesure: string, db: DbKind, value: string, budget = 'repère', ok?: boolean) {
    this.row(mesure).cells[db] = { value, budget, ok };
  }

  /** Which measures missed their budget, and on which database. */
  failures(): { mesure: string; db: DbKind }[] {
    return this.rows.flatMap((r) =>
      (Object.entries(r.cells) as [DbKind, Cell][])
        .filter(([, c]) => c.ok === false)
        .map(([db]) => ({ mesure: r.mesure, db })),
    );
  }

  table(): string {
    const cell = (c: Cell | undefined) => (c ? c.value : '—');
    const budget = (c: Cell | undefined) => (c ? c.budget : '—');
    const verdict = (r: Row) => {
      const missed = (Object.entries(r.cells) as [DbKind, Cell][]).filter(([, c]) => c.ok === false);
      if (missed.length) return `❌ ${missed.map(([db]) => DB_LABEL[db]).join(', ')}`;
      return Object.values(r.cells).some((c) => c?.ok === true) ? '✅' : 'repère';
    };
    return [
      '| mesure | PGlite | budget PGlite | PostgreSQL | budget PostgreSQL | verdict |',
      '|---|---|---|---|---|---|',
      ...this.rows
        .filter((r) => Object.keys(r.cells).length > 0)
        .map(
          (r) =>
            `| ${r.mesure} | ${cell(r.cells.pglite)} | ${budget(r.cells.pglite)} | ${cell(r.cells.postgres)} | ${budget(r.cells.postgres)} | ${verdict(r)} |`,
        ),
    ].join('\n');
  }

  private row(mesure: string): Row {
    let row = this.rows.find((r) => r.mesure === mesure);
    if (!row) {
      row = { mesure, cells: {} };
      this.rows.push(row);
    }
    return row;
  }
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;
/** Binary units, labelled as such: 1 Kio = 1 024 octets. */
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} Kio`;
export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} Mio`;
export const count = (n: number) => n.toLocaleString('fr-FR').replace(/\u202f/g, ' ');
