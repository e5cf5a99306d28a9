import {
  journalEndpoints as api,
  JOURNAL_ENTITES,
  type JournalEntite,
  journalActionLabel,
  journalChampLabel,
  journalValueText,
} from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requireUser } from '../../platform/auth.ts';
import { type CsvColumn, sendCsv } from '../../platform/csv.ts';
import { journalExport } from '../../platform/journal/journal.ts';
import { route } from '../../platform/route.ts';
import { journalRepository as repo } from './journal.repository.ts';

type Line = Awaited<ReturnType<typeof repo.list>>['rows'][number];

/** « Statut : En attente » — each field of a state on one line, as in the page's dialog. */
const valuesText = (values: Record<string, unknown> | null, entite: string | null) =>
  values
    ? Object.entries(values)
        .map(([k, v]) => `${journalChampLabel(k, entite)} : ${journalValueText(v)}`)
        .join('\n')
    : '';

const csvColumns: CsvColumn<Line>[] = [
  { header: 'Numéro', value: (r) => r.id },
  { header: 'Date', value: (r) => r.date },
  { header: 'Agent', value: (r) => r.agent },
  { header: 'Action', value: (r) => journalActionLabel(r.action) },
  { header: 'Code de l’action', value: (r) => r.action },
  { header: 'Entité', value: (r) => (r.entite ? (JOURNAL_ENTITES[r.entite as JournalEntite] ?? r.entite) : '') },
  { header: 'Numéro de l’entité', value: (r) => r.entiteId },
  { header: 'Résumé', value: (r) => r.resume },
  { header: 'Avant', value: (r) => valuesText(r.avant, r.entite) },
  { header: 'Après', value: (r) => valuesText(r.apres, r.entite) },
];

/**
 * « Journal » (Administrateur only) and each detail page's « Historique » (the page's own area).
 * Read only: no route edits or deletes a line; only the retention job removes old ones.
 */
export async function journalAdminRoutes(app: AppInstance) {
  route(app, api.list, async (request) => {
    const { count, rows } = await repo.list(app.db, request.query);
    return { count, journal: rows };
  });

  route(app, api.export, async (request, reply) => {
    const user = await requireUser(request);
    return sendCsv(
      reply,
      'journal.csv',
      csvColumns,
      repo.exportRows(app.db, request.query),
      journalExport(app.db, user, 'export.journal', 'Journal', request.query),
    );
  });

  route(app, api.historique, async (request) => ({
    lignes: await repo.historique(app.db, request.params.entite, request.params.id),
  }));
}
