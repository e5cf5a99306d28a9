import { createBrowserRouter } from 'react-router';
import { HomePage } from '../features/home/home-page.tsx';
import { pages } from '../lib/paths.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { PublicLayout } from './public-layout.tsx';

/**
 * Public pages load only what they show; the admin area (and its data grid) is a separate
 * chunk fetched on the first visit to /admin.
 */
export const router = createBrowserRouter([
  {
    path: pages.home,
    Component: PublicLayout,
    children: [
      { index: true, Component: HomePage },
      {
        path: pages.inscriptionProprietaire,
        lazy: async () => ({ Component: (await import('../features/inscriptions/wizard-page.tsx')).WizardPage }),
      },
      {
        path: pages.inscriptionPartenaire,
        lazy: async () => ({ Component: (await import('../features/partenaires/register-page.tsx')).RegisterPage }),
      },
      {
        path: pages.demandeEtudiant,
        lazy: async () => ({ Component: (await import('../features/etudiants/request-page.tsx')).RequestPage }),
      },
      {
        path: pages.partenaires,
        lazy: async () => {
          const [{ DirectoryPage }, { withQueries }] = await Promise.all([
            import('../features/partenaires/directory-page.tsx'),
            import('../lib/queries.tsx'),
          ]);
          return { Component: withQueries(DirectoryPage) };
        },
      },
      {
        path: pages.updatePartenaire,
        lazy: async () => {
          const [{ SelfUpdatePage }, { withQueries }] = await Promise.all([
            import('../features/partenaires/self-update-page.tsx'),
            import('../lib/queries.tsx'),
          ]);
          return { Component: withQueries(SelfUpdatePage) };
        },
      },
      {
        path: pages.logement,
        lazy: async () => {
          const [{ LogementPage }, { withQueries }] = await Promise.all([
            import('../features/inscriptions/logement-page.tsx'),
            import('../lib/queries.tsx'),
          ]);
          return { Component: withQueries(LogementPage) };
        },
      },
      {
        path: pages.accessibilite,
        lazy: async () => ({ Component: (await import('../features/home/legal-pages.tsx')).AccessibilitePage }),
      },
      {
        path: pages.mentionsLegales,
        lazy: async () => ({ Component: (await import('../features/home/legal-pages.tsx')).MentionsLegalesPage }),
      },
      {
        path: pages.donneesPersonnelles,
        lazy: async () => ({ Component: (await import('../features/home/legal-pages.tsx')).DonneesPersonnellesPage }),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
  {
    path: pages.admin.root,
    lazy: async () => {
      const [{ AdminShell }, { withQueries }] = await Promise.all([
        import('./admin/admin-shell.tsx'),
        import('../lib/queries.tsx'),
      ]);
      return { Component: withQueries(AdminShell) };
    },
    children: [
      {
        path: pages.admin.login,
        lazy: async () => ({ Component: (await import('../features/auth/login-page.tsx')).LoginPage }),
      },
      {
        lazy: async () => ({ Component: (await import('./admin/require-agent.tsx')).RequireAgent }),
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./admin/require-agent.tsx')).AdminIndex }) },
          {
            // Mon compte: every agent, whatever its roles.
            path: pages.admin.compte,
            lazy: async () => ({ Component: (await import('../features/auth/compte-page.tsx')).ComptePage }),
          },
          {
            // Inscriptions, partners and student requests: ROLE_ADMIN or ROLE_USER.
            lazy: async () => ({ Component: (await import('./admin/require-agent.tsx')).RequireGestion }),
            children: [
              {
                path: pages.admin.inscriptions,
                lazy: async () => ({
                  Component: (await import('../features/inscriptions/admin-list-page.tsx')).InscriptionsListPage,
                }),
              },
              {
                path: pages.admin.inscription,
                lazy: async () => ({
                  Component: (await import('../features/inscriptions/admin-detail-page.tsx')).InscriptionDetailPage,
                }),
              },
              {
                path: pages.admin.partenaires,
                lazy: async () => ({
                  Component: (await import('../features/partenaires/admin-list-page.tsx')).PartenairesListPage,
                }),
              },
              {
                path: pages.admin.partenaire,
                lazy: async () => ({
                  Component: (await import('../features/partenaires/admin-detail-page.tsx')).PartenaireDetailPage,
                }),
              },
              {
                path: pages.admin.etudiants,
                lazy: async () => ({
                  Component: (await import('../features/etudiants/admin-list-page.tsx')).EtudiantsListPage,
                }),
              },
            ],
          },
          {
            // Roles: ROLE_ADMIN or ROLE_ADMIN_ROLE.
            lazy: async () => ({ Component: (await import('./admin/require-agent.tsx')).RequireRoles }),
            children: [
              {
                path: pages.admin.roles,
                lazy: async () => ({ Component: (await import('../features/roles/roles-page.tsx')).RolesPage }),
              },
            ],
          },
          {
            // The mail log: Administrateur only.
            lazy: async () => ({ Component: (await import('./admin/require-agent.tsx')).RequireAdministration }),
            children: [
              {
                path: pages.admin.courriels,
                lazy: async () => ({
                  Component: (await import('../features/courriels/courriels-page.tsx')).CourrielsPage,
                }),
              },
              {
                // The history of every staff action.
                path: pages.admin.journal,
                lazy: async () => ({ Component: (await import('../features/journal/journal-page.tsx')).JournalPage }),
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]);
