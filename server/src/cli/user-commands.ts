import { agentEmail, PASSWORD_MESSAGES, ROLES, STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from '@guichet/contract';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { type AgentAccount, agentsRepository } from '../features/auth/agents.repository.ts';
import { referenceCache } from '../features/reference/reference-cache.ts';
import { isLastActiveAdmin } from '../features/roles/roles.service.ts';
import { JOB_NAMES, JobBusyError, type JobConfig, JobDateError, runJob } from '../jobs.ts';
import { type JournalActor, recordJournal } from '../platform/journal/journal.ts';
import { sessionCache } from '../platform/session-cache.ts';
import { backupDatabase, restoreDatabase } from './backup.ts';
import { CommandError } from './command-error.ts';

const required = (option: string) => ({ error: `L’option --${option} est obligatoire.` });
const existingUsername = z.string(required('username')).trim().min(1, required('username')).max(100);
const name = (option: string) =>
  z
    .string(required(option))
    .trim()
    .min(1, required(option))
    .max(100, { error: `--${option} : 100 caractères au plus.` });

/** Read from --password, standard input or a prompt (user-cli.ts); ≥ 12 characters like every staff password. */
const staffPassword = z
  .string(required('password'))
  .min(STAFF_PASSWORD_MIN, { error: PASSWORD_MESSAGES.tropCourt })
  .max(STAFF_PASSWORD_MAX, { error: PASSWORD_MESSAGES.tropLong });

/** The CLI resolves the path against its own folder: the portal may run elsewhere. */
const absoluteFile = z
  .string(required('file'))
  .min(1, required('file'))
  .refine((f) => f.startsWith('/'), { error: 'Le chemin du fichier doit être absolu.' });

/** `--date` of `npm run job`: a real calendar day, written YYYY-MM-DD. */
const jobDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'La date doit s’écrire AAAA-MM-JJ, par exemple 2026-11-24.', abort: true })
  .refine((d) => new Date(Date.parse(`${d}T00:00:00Z`) || 0).toISOString().startsWith(d), {
    error: (iss) => `Cette date n’existe pas : ${iss.input}.`,
  });

/** What `npm run user` can ask, whether it runs the command itself or through the running portal. */
export const userCommandSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('add'),
    username: existingUsername.regex(/^[A-Za-z0-9._@-]+$/, {
      error: 'L’identifiant ne peut contenir que des lettres sans accent, des chiffres et les signes . _ - @',
    }),
    password: staffPassword,
    prenom: name('prenom'),
    nom: name('nom'),
    roles: z
      .array(z.enum(ROLES, { error: `Rôle inconnu : les rôles sont ${ROLES.join(', ')}.` }))
      .transform((r) => [...new Set(r)]),
    email: agentEmail.optional(),
  }),
  // Without --email: the address is removed (and with it the daily digest).
  z.object({ command: z.literal('email'), username: existingUsername, email: agentEmail.default('') }),
  z.object({
    command: z.literal('passwd'),
    username: existingUsername,
    password: staffPassword,
  }),
  z.object({ command: z.literal('disable'), username: existingUsername }),
  z.object({ command: z.literal('enable'), username: existingUsername }),
  z.object({ command: z.literal('list') }),
  // --force: replace an existing file (never by default: it may be another backup, or not one).
  z.object({ command: z.literal('backup'), file: absoluteFile, force: z.boolean().optional() }),
  z.object({ command: z.literal('restore'), file: absoluteFile }),
  z.object({
    command: z.literal('job'),
    name: z.enum(JOB_NAMES, {
      error: (iss) =>
        iss.input === undefined
          ? `Indiquez la tâche à lancer : ${JOB_NAMES.join(', ')}.`
          : `Tâche inconnue : ${String(iss.input)}. Les tâches sont : ${JOB_NAMES.join(', ')}.`,
    }),
    date: jobDate.optional(),
  }),
]);
export type UserCommand = z.infer<typeof userCommandSchema>;
export type UserCommandInput = z.input<typeof userCommandSchema>;

/** Parses a command, or throws a `CommandError` listing every problem. */
export function parseUserCommand(input: unknown): UserCommand {
  const parsed = userCommandSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const lines = [...new Set(parsed.error.issues.map((i) => i.message))];
  throw new CommandError(lines.join('\n'));
}

/** The journal's actor of a command typed on the server: no session, the machine's operator. */
const CLI: JournalActor = { username: 'Ligne de commande (npm run user)' };

const sessionsClosed = (n: number) =>
  n === 0 ? 'aucune session ouverte' : n === 1 ? '1 session ouverte fermée' : `${n} sessions ouvertes fermées`;

async function mustFind(db: Db, username: string) {
  const agent = await agentsRepository.findByUsername(db, username);
  if (!agent) throw new CommandError(`Aucun agent n’a l’identifiant « ${username} ».`);
  return agent;
}

/**
 * Runs one command on the database; returns the lines to print. `config`: the settings a job
 * needs (those of the process that holds the database: the portal's when asked through it).
 */
export async function runUserCommand(db: Db, cmd: UserCommand, config?: JobConfig): Promise<string[]> {
  try {
    return await runCommand(db, cmd, config);
  } finally {
    // Run inside the portal (admin socket): its sessions and reference data are read again, with
    // the command's changes committed (disable, password, restore). Elsewhere a no-op.
    sessionCache.clear();
    referenceCache.clear(db);
  }
}

async function runCommand(db: Db, cmd: UserCommand, config?: JobConfig): Promise<string[]> {
  switch (cmd.command) {
    case 'add': {
      const existing = await agentsRepository.findByUsername(db, cmd.username);
      if (existing) throw new CommandError(`L’identifiant « ${existing.username} » est déjà pris.`);
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const created = await agentsRepository.create(tx, cmd);
          await recordJournal(tx, CLI, {
            action: 'agent.creation',
            entite: 'agent',
            entiteId: created,
            resume: `Agent « ${cmd.username} » (${cmd.prenom} ${cmd.nom}) créé`,
            apres: {
              identifiant: cmd.username,
              prenom: cmd.prenom,
              nom: cmd.nom,
              roles: cmd.roles,
              email: cmd.email || null,
            },
          });
          return created;
        });
      } catch (err) {
        // Another command created the same username between the check and the insert.
        if (pgCode(err) === '23505') throw new CommandError(`L’identifiant « ${cmd.username} » est déjà pris.`);
        throw err;
      }
      return [
        `Agent « ${cmd.username} » (${cmd.prenom} ${cmd.nom}) créé, n° ${id}, ` +
          (cmd.roles.length
            ? `avec ${cmd.roles.length === 1 ? 'le rôle' : 'les rôles'} ${cmd.roles.join(', ')}.`
            : 'sans rôle : attribuez-lui des rôles dans Administration → Roles.'),
      ];
    }
    case 'passwd': {
      const agent = await mustFind(db, cmd.username);
      const closed = await db.transaction(async (tx) => {
        const ended = await agentsRepository.setPassword(tx, agent.id, cmd.password);
        await recordJournal(tx, CLI, {
          action: 'agent.mot_de_passe',
          entite: 'agent',
          entiteId: agent.id,
          resume: `Mot de passe de « ${agent.username} » remplacé`,
        });
        return ended;
      });
      return [
        `Mot de passe de « ${agent.username} » changé (${sessionsClosed(closed)}).` +
          (agent.actif ? '' : ' Le compte reste désactivé.'),
      ];
    }
    case 'disable': {
      const agent = await mustFind(db, cmd.username);
      if (!agent.actif) return [`L’agent « ${agent.username} » est déjà désactivé.`];
      const closed = await db.transaction(async (tx) => {
        if (await isLastActiveAdmin(tx, agent.id)) {
          throw new CommandError(
            `« ${agent.username} » est le dernier administrateur actif (ROLE_ADMIN) : créez d’abord un autre ` +
              'administrateur (npm run user -- add … --role ROLE_ADMIN), puis désactivez celui-ci.',
          );
        }
        await recordJournal(tx, CLI, {
          action: 'agent.desactivation',
          entite: 'agent',
          entiteId: agent.id,
          resume: `Agent « ${agent.username} » désactivé`,
          avant: { actif: true },
          apres: { actif: false },
        });
        return agentsRepository.setActive(tx, agent.id, false);
      });
      return [`Agent « ${agent.username} » désactivé : il ne peut plus se connecter (${sessionsClosed(closed)}).`];
    }
    case 'enable': {
      const agent = await mustFind(db, cmd.username);
      if (agent.actif) return [`L’agent « ${agent.username} » est déjà actif.`];
      await db.transaction(async (tx) => {
        await agentsRepository.setActive(tx, agent.id, true);
        await recordJournal(tx, CLI, {
          action: 'agent.reactivation',
          entite: 'agent',
          entiteId: agent.id,
          resume: `Agent « ${agent.username} » réactivé`,
          avant: { actif: false },
          apres: { actif: true },
        });
      });
      return [`Agent « ${agent.username} » réactivé, avec les rôles qu’il avait.`];
    }
    case 'email': {
      const agent = await mustFind(db, cmd.username);
      const email = cmd.email || null;
      if (agent.email === email) {
        return [
          email ? `« ${agent.username} » a déjà l’adresse ${email}.` : `« ${agent.username} » n’a pas d’adresse.`,
        ];
      }
      await db.transaction(async (tx) => {
        await agentsRepository.setEmail(tx, agent.id, email);
        await recordJournal(tx, CLI, {
          action: 'agent.courriel',
          entite: 'agent',
          entiteId: agent.id,
          resume: email
            ? `Adresse électronique de « ${agent.username} » : ${email}`
            : `Adresse électronique de « ${agent.username} » supprimée`,
          avant: { email: agent.email, resumeQuotidien: agent.digestQuotidien },
          apres: { email, resumeQuotidien: email ? agent.digestQuotidien : false },
        });
      });
      return [
        email
          ? `Adresse électronique de « ${agent.username} » : ${email}.`
          : `Adresse électronique de « ${agent.username} » supprimée` +
            (agent.digestQuotidien ? ', et avec elle le résumé quotidien.' : '.'),
      ];
    }
    case 'list':
      return formatList(await agentsRepository.list(db));
    case 'backup':
      return backupDatabase(db, cmd.file, cmd.force);
    case 'restore':
      return restoreDatabase(db, cmd.file);
    case 'job':
      if (!config) throw new Error('runUserCommand: a job needs the configuration');
      try {
        return await runJob(db, config, cmd.name, cmd.date);
      } catch (err) {
        if (err instanceof JobBusyError || err instanceof JobDateError) throw new CommandError(err.message);
        throw err;
      }
  }
}

/** A plain-text table, aligned for the terminal. */
function formatList(accounts: AgentAccount[]): string[] {
  if (accounts.length === 0) return ['Aucun agent.'];
  const header = ['n°', 'identifiant', 'prénom', 'nom', 'adresse', 'état', 'rôles'];
  const rows = accounts.map((a) => [
    String(a.id),
    a.username,
    a.prenom,
    a.nom,
    a.email ?? '—',
    a.actif ? 'actif' : 'désactivé',
    a.roles.join(', ') || '(aucun)',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line), `${accounts.length} agent${accounts.length > 1 ? 's' : ''}.`];
}

function pgCode(err: unknown): string | undefined {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
