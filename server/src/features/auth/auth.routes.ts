import { sessionEndpoints as api, MESSAGES } from '@guichet/contract';
import type { AppInstance } from '../../platform/app-instance.ts';
import { HttpError } from '../../platform/errors.ts';
import { type JournalActor, recordJournal } from '../../platform/journal/journal.ts';
import { dummyHash, verifyPassword } from '../../platform/passwords.ts';
import { route } from '../../platform/route.ts';
import { securityEvent } from '../../platform/security-log.ts';
import { agentsRepository } from './agents.repository.ts';
import { loginThrottle } from './login-throttle.ts';
import { loadAgent } from './sessions.repository.ts';

const BLOCAGE_LABELS = {
  compte_et_adresse: 'ce compte depuis cette adresse',
  adresse: 'cette adresse',
  compte: 'ce compte',
} as const;

/**
 * A refused sign-in is written by whoever typed at the form, not by the account: the actor is
 * « Anonyme », so the line never reads as the agent's own action. The account the typed name matches
 * (without case) is the line's object, named in its summary. An unknown name is often a password
 * typed in the wrong field: it is not kept (the security log makes the same choice).
 */
const ANONYMOUS_ACTOR: JournalActor = { username: 'Anonyme' };
const targeted = (known: { id: number; username: string } | undefined) =>
  known ? ({ entite: 'agent', entiteId: known.id } as const) : {};
const forAccount = (known: { username: string } | undefined) => (known ? ` pour « ${known.username} »` : '');

export async function authRoutes(app: AppInstance) {
  const throttle = loginThrottle(app.rateCounters);

  route(app, api.login, async (request, reply) => {
    const { username, password } = request.body;
    // Counted before the password is checked: parallel guesses get no more than a sequence.
    const attempt = await throttle.attempt(username, request.ip);
    if (!attempt.allowed) {
      securityEvent(request.log, 'connexion_bloquee', { motif: attempt.motif });
      // Once per lockout, not for every refused attempt: a script hammering the form fills no table.
      if (attempt.debut) {
        const known = await agentsRepository.findByUsername(app.db, username);
        await recordJournal(app.db, ANONYMOUS_ACTOR, {
          action: 'connexion.blocage',
          ...targeted(known),
          resume: `Connexion bloquée${forAccount(known)} après trop de tentatives (${BLOCAGE_LABELS[attempt.motif]})`,
          apres: { motifBlocage: BLOCAGE_LABELS[attempt.motif] },
        });
      }
      return reply.code(429).send({ logged: false, error: MESSAGES.tropDeTentatives });
    }
    const agent = await agentsRepository.findByUsername(app.db, username);
    const ok = agent
      ? await verifyPassword(password, agent.passwordHash)
      : await verifyPassword(password, await dummyHash()).then(() => false);
    const user = ok && agent?.actif ? await loadAgent(app.db, agent.id) : null;
    if (!user) {
      // The agent's id when the name exists; never the typed name (often a mistyped password).
      securityEvent(request.log, 'connexion_echouee', { agentId: agent?.id });
      await recordJournal(app.db, ANONYMOUS_ACTOR, {
        action: 'connexion.echec',
        ...targeted(agent),
        resume: !agent
          ? 'Connexion refusée : identifiant inconnu'
          : `Connexion refusée${forAccount(agent)} : ${agent.actif ? 'mot de passe incorrect' : 'compte désactivé'}`,
      });
      return reply.code(400).send({ logged: false, error: MESSAGES.identifiantsIncorrects });
    }
    await attempt.succeeded();
    await app.sessions.start(request, reply, user.id);
    securityEvent(request.log, 'connexion_reussie', { agentId: user.id });
    await recordJournal(app.db, user, {
      action: 'connexion',
      entite: 'agent',
      entiteId: user.id,
      resume: 'Connexion réussie',
    });
    return { logged: true as const, id: user.id, username: user.username, user, path: '/admin' };
  });

  route(app, api.currentUser, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await request.currentUser();
    // A cookie whose session is gone (expired, logged out elsewhere, agent disabled) is a 401,
    // so the browser goes through /logout and the login page says why.
    if (!user && request.cookies[app.sessions.cookieName]) throw new HttpError(401, MESSAGES.accesNonAutorise);
    return { logged: !!user, user };
  });

  /** Browser navigation: ends the session and lands on the login page (docs/spec/decisions.md §3). */
  route(app, api.logout, async (request, reply) => {
    await app.sessions.end(request, reply);
    const denied = Object.hasOwn(request.query as object, 'refus');
    return reply.redirect(denied ? '/admin/login?refus=1' : '/admin/login');
  });
}
