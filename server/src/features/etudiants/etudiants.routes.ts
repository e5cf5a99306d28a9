import { etudiantEndpoints as api, ETUDIANT_MESSAGES as M, nomPays } from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requireUser } from '../../platform/auth.ts';
import { type CsvColumn, sendCsv } from '../../platform/csv.ts';
import { journalExport } from '../../platform/journal/journal.ts';
import { publicForm } from '../../platform/public-form.ts';
import { route } from '../../platform/route.ts';
import { loggedAction } from '../../platform/security-log.ts';
import { etudiantsAdminList } from './admin-list.ts';
import { type EtudiantRow, etudiantsRepository as repo } from './etudiants.repository.ts';
import { applyEtudiantAction } from './etudiants.service.ts';

/** `POST /api/etudiant/add`: the student request form (docs/spec/portal-spec.md §7). */
export async function etudiantsPublicRoutes(app: AppInstance) {
  route(
    app,
    api.add,
    async (request) => {
      // The same answer whether or not the address already has a pending request: anyone may
      // post any address, so the answer must not tell which ones have asked.
      await repo.addUnlessPending(app.db, request.body);
      return { status: 'success' as const, message: M.demandeEnregistree };
    },
    // Anyone may post: a per-address limit and the honeypot keep scripts from flooding the list.
    { config: publicForm(app.config.publicFormRateLimit, M.demandeEnregistree) },
  );
}

const csvColumns: CsvColumn<EtudiantRow>[] = [
  { header: 'Numéro', value: (r) => r.id },
  { header: 'Date', value: (r) => r.date },
  { header: 'Email', value: (r) => r.email },
  { header: 'Adresse', value: (r) => r.adresse },
  { header: 'Code postal', value: (r) => r.cp },
  { header: 'Ville', value: (r) => r.ville },
  { header: 'École envisagée', value: (r) => r.ecole },
  { header: 'Statut', value: (r) => r.statut },
  // Added after the spec's columns, so a sheet reading them by position still finds them.
  { header: 'Pays', value: (r) => nomPays(r.pays) },
];

/** The table 'Demandes étudiants', its export and the bulk action (ROLE_ADMIN or ROLE_USER). */
export async function etudiantsAdminRoutes(app: AppInstance) {
  route(app, api.list, (request) => etudiantsAdminList(app.db, request.query));

  route(app, api.export, async (request, reply) =>
    sendCsv(
      reply,
      'inscriptions_étudiants.csv',
      csvColumns,
      repo.exportRows(app.db, request.query),
      journalExport(app.db, await requireUser(request), 'export.etudiants', 'Demandes étudiants', request.query),
    ),
  );

  route(app, api.update, async (request) => {
    const { selection, action } = request.body;
    const what = { action, demandes: selection.map((r) => r.id) };
    const actor = await requireUser(request);
    const result = await loggedAction(request.log, 'action_groupee_etudiants', what, () =>
      applyEtudiantAction({ db: app.db, mail: app.mail }, selection, action, actor),
    );
    return { status: 'success' as const, ...result };
  });
}
