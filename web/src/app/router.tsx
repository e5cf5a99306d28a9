import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { HomePage } from '../features/home/home-page.tsx';
import { pages } from '../lib/paths.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { PublicLayout } from './public-layout.tsx';

/**
 * A screen loaded the first time it is shown, in its own chunk. The routes are declared as elements
 * (`<Routes>`), not through `createBrowserRouter`: the portal uses no loader, action or fetcher, and
 * the data router cost every page ~14 KiB transferred (docs/benchmarks.md, issue 19). A navigation
 * is a transition (`BrowserRouter`), so the current screen stays until the next one's code is here;
 * the first screen waits for its chunk under the root's `Suspense` (app.tsx), preloaded with the page.
 */
const screen = (load: () => Promise<ComponentType>) => lazy(async () => ({ default: await load() }));
/** A screen that reads through TanStack Query: its client comes with it (lib/queries.tsx). */
const withQueries = (load: () => Promise<ComponentType>) =>
  screen(async () => {
    const [Component, queries] = await Promise.all([load(), import('../lib/queries.tsx')]);
    return queries.withQueries(Component);
  });

const WizardPage = screen(async () => (await import('../features/inscriptions/wizard-page.tsx')).WizardPage);
const RegisterPage = screen(async () => (await import('../features/partenaires/register-page.tsx')).RegisterPage);
const RequestPage = screen(async () => (await import('../features/etudiants/request-page.tsx')).RequestPage);
const DirectoryPage = withQueries(
  async () => (await import('../features/partenaires/directory-page.tsx')).DirectoryPage,
);
const SelfUpdatePage = withQueries(
  async () => (await import('../features/partenaires/self-update-page.tsx')).SelfUpdatePage,
);
const LogementPage = withQueries(async () => (await import('../features/inscriptions/logement-page.tsx')).LogementPage);
const legal = () => import('../features/home/legal-pages.tsx');
const AccessibilitePage = screen(async () => (await legal()).AccessibilitePage);
const MentionsLegalesPage = screen(async () => (await legal()).MentionsLegalesPage);
const DonneesPersonnellesPage = screen(async () => (await legal()).DonneesPersonnellesPage);

// The admin area (and its data grid): separate chunks, fetched on the first visit to /admin.
const AdminShell = withQueries(async () => (await import('./admin/admin-shell.tsx')).AdminShell);
const LoginPage = screen(async () => (await import('../features/auth/login-page.tsx')).LoginPage);
const access = () => import('./admin/require-agent.tsx');
const RequireAgent = screen(async () => (await access()).RequireAgent);
const AdminIndex = screen(async () => (await access()).AdminIndex);
const RequireGestion = screen(async () => (await access()).RequireGestion);
const RequireRoles = screen(async () => (await access()).RequireRoles);
const RequireAdministration = screen(async () => (await access()).RequireAdministration);
const TableauDeBordPage = screen(
  async () => (await import('../features/tableau-de-bord/tableau-de-bord-page.tsx')).TableauDeBordPage,
);
const ComptePage = screen(async () => (await import('../features/auth/compte-page.tsx')).ComptePage);
const InscriptionsListPage = screen(
  async () => (await import('../features/inscriptions/admin-list-page.tsx')).InscriptionsListPage,
);
const InscriptionDetailPage = screen(
  async () => (await import('../features/inscriptions/admin-detail-page.tsx')).InscriptionDetailPage,
);
const PartenairesListPage = screen(
  async () => (await import('../features/partenaires/admin-list-page.tsx')).PartenairesListPage,
);
const PartenaireDetailPage = screen(
  async () => (await import('../features/partenaires/admin-detail-page.tsx')).PartenaireDetailPage,
);
const EtudiantsListPage = screen(
  async () => (await import('../features/etudiants/admin-list-page.tsx')).EtudiantsListPage,
);
const RolesPage = screen(async () => (await import('../features/roles/roles-page.tsx')).RolesPage);
const CourrielsPage = screen(async () => (await import('../features/courriels/courriels-page.tsx')).CourrielsPage);
const JournalPage = screen(async () => (await import('../features/journal/journal-page.tsx')).JournalPage);

/** Public pages load only what they show; the admin area is apart. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={pages.home} element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        <Route path={pages.inscriptionProprietaire} element={<WizardPage />} />
        <Route path={pages.inscriptionPartenaire} element={<RegisterPage />} />
        <Route path={pages.demandeEtudiant} element={<RequestPage />} />
        <Route path={pages.partenaires} element={<DirectoryPage />} />
        <Route path={pages.updatePartenaire} element={<SelfUpdatePage />} />
        <Route path={pages.logement} element={<LogementPage />} />
        <Route path={pages.accessibilite} element={<AccessibilitePage />} />
        <Route path={pages.mentionsLegales} element={<MentionsLegalesPage />} />
        <Route path={pages.donneesPersonnelles} element={<DonneesPersonnellesPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path={pages.admin.root} element={<AdminShell />}>
        <Route path={pages.admin.login} element={<LoginPage />} />
        <Route element={<RequireAgent />}>
          <Route index element={<AdminIndex />} />
          {/* Mon compte: every agent, whatever its roles. */}
          <Route path={pages.admin.compte} element={<ComptePage />} />
          {/* Inscriptions, partners and student requests: ROLE_ADMIN or ROLE_USER. */}
          <Route element={<RequireGestion />}>
            <Route path={pages.admin.tableauDeBord} element={<TableauDeBordPage />} />
            <Route path={pages.admin.inscriptions} element={<InscriptionsListPage />} />
            <Route path={pages.admin.inscription} element={<InscriptionDetailPage />} />
            <Route path={pages.admin.partenaires} element={<PartenairesListPage />} />
            <Route path={pages.admin.partenaire} element={<PartenaireDetailPage />} />
            <Route path={pages.admin.etudiants} element={<EtudiantsListPage />} />
            {/* The mail log: they check there that what they validated went out; resending is the administrator's. */}
            <Route path={pages.admin.courriels} element={<CourrielsPage />} />
          </Route>
          {/* Roles: ROLE_ADMIN or ROLE_ADMIN_ROLE. */}
          <Route element={<RequireRoles />}>
            <Route path={pages.admin.roles} element={<RolesPage />} />
          </Route>
          {/* The history of every staff action: Administrateur only. */}
          <Route element={<RequireAdministration />}>
            <Route path={pages.admin.journal} element={<JournalPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
