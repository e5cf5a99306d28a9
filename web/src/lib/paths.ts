// The zod-free part of the contract: this file is in every page's first download.
import { fillPath, pages } from '@guichet/contract/pages';

export { pages };

/** Links to the portal's pages (the contract's `pages`), each parameter filled in. */
export const paths = {
  ...pages,
  updatePartenaire: (token: string) => fillPath(pages.updatePartenaire, { token }),
  admin: {
    ...pages.admin,
    inscription: (id: number | string) => fillPath(pages.admin.inscription, { id }),
    partenaire: (id: number | string) => fillPath(pages.admin.partenaire, { id }),
  },
} as const;
