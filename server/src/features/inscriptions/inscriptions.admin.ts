import {
  inscriptionEndpoints as api,
  formatPhone,
  INSCRIPTION_LABELS as L,
  LOGEMENT_FIELDS,
  MESSAGES,
  MODIFICATION_MESSAGES,
  PROPRIETAIRE_FIELDS,
  STATUT,
} from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requireUser } from '../../platform/auth.ts';
import { type CsvColumn, sendCsv } from '../../platform/csv.ts';
import { notFound } from '../../platform/errors.ts';
import { journalExport } from '../../platform/journal/journal.ts';
import { route } from '../../platform/route.ts';
import { inscriptionsAdminList } from './admin-list.ts';
import { doublonsOf } from './doublons.repository.ts';
import { type ExportedOffer, inscriptionsRepository as repo } from './inscriptions.repository.ts';
import { setStatutByStaff } from './landlord.service.ts';
import { acceptChanges, refuseChanges } from './landlord-modification.service.ts';

/**
 * Every owner and housing field, French headers; charges with a decimal comma and phones grouped
 * by two for French spreadsheets (ten bare digits would be read as a number, its 0 dropped).
 */
const csvColumns: CsvColumn<ExportedOffer>[] = [
  { header: 'Numéro', value: (r) => r.id },
  { header: 'Date', value: (r) => r.date },
  // As in the staff table: when a published offer was last known to be available; blank for the others.
  { header: 'Confirmée le', value: (r) => (r.idStatut === STATUT.valide ? new Date(r.dateConfirmation) : '') },
  { header: 'Statut', value: (r) => r.statut },
  ...PROPRIETAIRE_FIELDS.map((k) => ({
    header: L[k],
    value: (r: ExportedOffer) => (k === 'telephone' ? formatPhone(r.telephone) : r[k]),
  })),
  ...LOGEMENT_FIELDS.map((k) => ({
    header: L[k],
    value: (r: ExportedOffer) => (k === 'charges' ? r.charges.replace('.', ',') : r[k]),
  })),
];

export async function inscriptionsAdminRoutes(app: AppInstance) {
  route(app, api.list, (request) => inscriptionsAdminList(app.db, request.query));

  route(app, api.export, async (request, reply) =>
    sendCsv(
      reply,
      'inscriptions_logement.csv',
      csvColumns,
      repo.exportRows(app.db, request.query),
      journalExport(app.db, await requireUser(request), 'export.inscriptions', 'Inscriptions', request.query),
    ),
  );

  route(app, api.detail, async (request) => {
    const inscription = await repo.findById(app.db, request.params.id);
    if (!inscription) throw notFound(MESSAGES.inscriptionIntrouvable);
    const historique = await repo.historique(app.db, inscription.id);
    const doublons = (await doublonsOf(app.db, [inscription.id])).get(inscription.id) ?? [];
    return { ...inscription, historique, doublons };
  });

  route(app, api.update, async (request) => {
    const { statut, motif, version } = request.body;
    const found = await setStatutByStaff(app, await requireUser(request), request.params.id, statut, motif, version);
    if (!found) throw notFound(MESSAGES.inscriptionIntrouvable);
    return { status: 'success' as const, message: MESSAGES.enregistrementReussi };
  });

  // The landlord's changes to a validated offer: applied or dropped, the landlord told either way.
  route(app, api.acceptChanges, async (request) => {
    const { dateProposition, version } = request.body;
    await acceptChanges(app, await requireUser(request), request.params.id, dateProposition, version);
    return { status: 'success' as const, message: MODIFICATION_MESSAGES.validees };
  });

  route(app, api.rejectChanges, async (request) => {
    const { dateProposition, motif, version } = request.body;
    await refuseChanges(app, await requireUser(request), request.params.id, dateProposition, motif, version);
    return { status: 'success' as const, message: MODIFICATION_MESSAGES.refusees };
  });
}
