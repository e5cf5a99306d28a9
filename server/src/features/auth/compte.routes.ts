import { MESSAGES, PASSWORD_MESSAGES, sessionEndpoints } from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { requireUser } from '../../platform/auth.ts';
import { badRequest, HttpError } from '../../platform/errors.ts';
import { recordJournal } from '../../platform/journal/journal.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { route } from '../../platform/route.ts';
import { securityEvent } from '../../platform/security-log.ts';
import { sessionCache } from '../../platform/session-cache.ts';
import { agentsRepository } from './agents.repository.ts';
import { loginThrottle } from './login-throttle.ts';

/** /api/admin: "Mon compte", open to every logged-in agent. */
export async function compteAdminRoutes(app: AppInstance) {
  // A stolen session must not become a way round the login limits to guess the password: a wrong
  // current password counts in the same counters as a wrong password at login.
  const throttle = loginThrottle(app.rateCounters);
  // The one staff call left to an agent whose generated password must be changed (`whilePasswordToChange`).
  route(app, sessionEndpoints.changePassword, async (request, reply) => {
    const user = await requireUser(request);
    const attempt = await throttle.attempt(user.username, request.ip);
    if (!attempt.allowed) {
      securityEvent(request.log, 'connexion_bloquee', { agentId: user.id, motif: attempt.motif });
      throw new HttpError(429, MESSAGES.tropDeTentatives, [{ key: 'actuel', error: MESSAGES.tropDeTentatives }]);
    }
    const agent = await agentsRepository.findByUsername(app.db, user.username);
    // The current password proves that the person at the screen owns the session's account.
    if (!agent || !(await verifyPassword(request.body.actuel, agent.passwordHash))) {
      throw badRequest(
        [{ key: 'actuel', error: PASSWORD_MESSAGES.actuelIncorrect }],
        PASSWORD_MESSAGES.actuelIncorrect,
      );
    }
    await attempt.succeeded();
    // Every session of the agent ends (a thief's too); this browser continues in a new one.
    // The new password and its journal line commit together.
    await app.db.transaction(async (tx) => {
      await agentsRepository.setPassword(tx, agent.id, request.body.nouveau);
      await recordJournal(tx, user, {
        action: 'compte.mot_de_passe',
        entite: 'agent',
        entiteId: agent.id,
        resume: 'Mot de passe changé dans « Mon compte » (ses autres sessions fermées)',
      });
    });
    // setPassword forgot the sessions before this transaction committed: again now that it has.
    sessionCache.forgetAgent(agent.id);
    await app.sessions.start(request, reply, agent.id);
    securityEvent(request.log, 'mot_de_passe_change', { agentId: agent.id });
    return { status: 'success' as const, message: PASSWORD_MESSAGES.change };
  });
}
