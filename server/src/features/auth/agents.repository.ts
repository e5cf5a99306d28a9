import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { agentRoles, agents, roles } from '../../db/schema.ts';
import { hashPassword } from '../../platform/passwords.ts';

export type NewAgent = { username: string; password: string; prenom: string; nom: string; roles: string[] };

/** Staff accounts: the only code that writes the agents table. */
export const agentsRepository = {
  async findByUsername(db: DbOrTx, username: string) {
    const [row] = await db
      .select()
      .from(agents)
      .where(eq(sql`lower(${agents.username})`, username.toLowerCase()));
    return row;
  },
  async count(db: DbOrTx) {
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(agents);
    return n;
  },
  async create(db: DbOrTx, a: NewAgent) {
    const passwordHash = await hashPassword(a.password);
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(agents)
        .values({ username: a.username, passwordHash, prenom: a.prenom, nom: a.nom })
        .returning({ id: agents.id });
      if (a.roles.length) {
        const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.code, a.roles));
        if (found.length !== a.roles.length) throw new Error(`Rôle inconnu parmi : ${a.roles.join(', ')}`);
        await tx.insert(agentRoles).values(found.map((r) => ({ agentId: row.id, roleId: r.id })));
      }
      return row.id;
    });
  },
};
