import { tableauDeBordEndpoints } from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requireUser } from '../../platform/auth.ts';
import { route } from '../../platform/route.ts';
import { agentsRepository } from '../auth/agents.repository.ts';
import { notifications, tableauDeBord } from './tableau-de-bord.service.ts';

/** /api/admin: the dashboard and the app bar's bell, for the agents of offers, partners and students. */
export async function tableauDeBordAdminRoutes(app: AppInstance) {
  route(app, tableauDeBordEndpoints.get, () => tableauDeBord(app.db, new Date(), app.config.ageingDays));

  route(app, tableauDeBordEndpoints.notifications, async (request) => {
    const user = await requireUser(request);
    return notifications(app.db, user.id, app.config.ageingDays);
  });

  route(app, tableauDeBordEndpoints.notificationsVues, async (request) => {
    const user = await requireUser(request);
    await agentsRepository.markNotificationsSeen(app.db, user.id, new Date());
    return notifications(app.db, user.id, app.config.ageingDays);
  });
}
