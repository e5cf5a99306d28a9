import {
  partenaireEndpoints as api,
  formatDate,
  formatPhone,
  PARTENAIRE_MESSAGES as M,
  MESSAGES,
  PARTENAIRE_TYPE_LABELS,
  type PartenaireType,
  RENOUVELLEMENT_LABELS,
} from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requireUser } from '../../platform/auth.ts';
import { type CsvColumn, sendCsv } from '../../platform/csv.ts';
import { notFound } from '../../platform/errors.ts';
import { journalExport } from '../../platform/journal/journal.ts';
import { mailRepository } from '../../platform/mail/index.ts';
import { route } from '../../platform/route.ts';
import { partenairesAdminList, renewalMails } from './admin-list.ts';
import { doublonsOf } from './doublons.repository.ts';
import { type PartenaireExportRow, partenairesRepository as repo } from './partenaires.repository.ts';
import * as rules from './partenaires.service.ts';

const csvColumns: CsvColumn<PartenaireExportRow>[] = [
  { header: 'Numéro', value: (r) => r.id },
  { header: "Date d'inscription", value: (r) => r.date },
  // The list shows the last update as a day (docs/spec/portal-spec.md §9): the export says the same.
  { header: 'Dernière mise à jour', value: (r) => formatDate(r.dateLastUpdate) },
  { header: 'Données à valider', value: (r) => r.tempdata },
  { header: 'Mail envoyé', value: (r) => r.token },
  { header: 'Renouvellement', value: (r) => RENOUVELLEMENT_LABELS[r.renouvellement] },
  { header: 'Statut', value: (r) => r.statut },
  { header: 'Activé', value: (r) => (r.actif ? 'Actif' : 'Inactif') },
  { header: 'Catégorie', value: (r) => r.categorie },
  { header: 'Filtre', value: (r) => r.filtre },
  { header: 'Type de partenaire', value: (r) => PARTENAIRE_TYPE_LABELS[r.typePartenaire as PartenaireType] },
  { header: 'Nom', value: (r) => r.nom },
  { header: 'Site web', value: (r) => r.lien },
  { header: 'Lien des offres', value: (r) => r.lienOffres },
  { header: 'Présentation', value: (r) => r.presentation },
  { header: 'Raison sociale', value: (r) => r.nomComplet },
  { header: 'Adresse', value: (r) => r.adresse },
  { header: 'Code postal', value: (r) => r.cp },
  { header: 'Ville', value: (r) => r.ville },
  // Grouped by two: a spreadsheet reads ten bare digits as a number and drops the 0.
  { header: 'Téléphone', value: (r) => formatPhone(r.telephone) },
  { header: 'Mail', value: (r) => r.mail },
  { header: 'Civilité du représentant', value: (r) => r.civiliteR },
  { header: 'Nom du représentant', value: (r) => r.nomR },
  { header: 'Prénom du représentant', value: (r) => r.prenomR },
  { header: 'Fonction du représentant', value: (r) => r.fonctionR },
  { header: 'Téléphone du représentant', value: (r) => formatPhone(r.telephoneR) },
  { header: 'Mail du représentant', value: (r) => r.mailR },
];

/** « Courriel en échec » on a partner: its last renewal mail failed. */

/** The partners table, its export, the partner page and its actions (docs/spec/portal-spec.md §7 Admin). */
export async function partenairesAdminRoutes(app: AppInstance) {
  const deps = { db: app.db, mail: app.mail, linkDays: app.config.partnerLinkDays };
  const saved = (message: string) => ({ status: 'success' as const, message });

  route(app, api.list, (request) => partenairesAdminList(app.db, request.query));

  route(app, api.export, async (request, reply) => {
    const { annee, filter, ...rest } = request.query;
    return sendCsv(
      reply,
      'inscriptions_partenaires.csv',
      csvColumns,
      repo.exportRows(app.db, { ...rest, filter: { ...filter, annee } }),
      journalExport(app.db, await requireUser(request), 'export.partenaires', 'Partenaires', request.query),
    );
  });

  route(app, api.detail, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const partenaire = await repo.findAdmin(app.db, request.params.id);
    if (!partenaire) throw notFound(MESSAGES.partenaireIntrouvable);
    const echec = (await mailRepository.failures(app.db, renewalMails, [partenaire.id])).get(partenaire.id) ?? null;
    return {
      partenaire,
      courrielEchec: echec,
      doublons: (await doublonsOf(app.db, [partenaire.id])).get(partenaire.id) ?? [],
    };
  });

  route(app, api.update, async (request) => {
    await rules.updateByStaff(
      deps,
      await requireUser(request),
      request.params.id,
      request.body.partenaire,
      request.body.version,
    );
    return saved(MESSAGES.enregistrementReussi);
  });

  route(app, api.sendRenewal, async (request) => {
    await rules.sendRenewal(deps, await requireUser(request), request.params.id, request.body?.version);
    return saved(M.mailEnvoye);
  });

  route(app, api.renewalCampaign, async (request) =>
    rules.renewalCampaign(deps, await requireUser(request), request.body),
  );

  route(app, api.renewalCampaignPreview, async (request) => rules.renewalCampaignPreview(deps, request.query));

  route(app, api.acceptChanges, async (request) => {
    await rules.validateProposal(
      deps,
      await requireUser(request),
      request.params.id,
      request.body.partenaire,
      request.body.version,
    );
    return saved(M.modificationsValidees);
  });

  route(app, api.rejectChanges, async (request) => {
    await rules.refuseProposal(deps, await requireUser(request), request.params.id, request.body?.version);
    return saved(M.modificationsRefusees);
  });
}
