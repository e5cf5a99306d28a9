import { readFileSync } from 'node:fs';
import { DIGEST_MESSAGES, STATUT } from '@guichet/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.ts';
import { agents, etudiants, journal, mailOutbox, partenaires } from '../../db/schema.ts';
import { runJob } from '../../jobs.ts';
import { enqueueMail } from '../../platform/mail/index.ts';
import { seedInscriptions } from '../inscriptions/inscriptions.fixtures.ts';
import { register } from '../partenaires/partenaires.fixtures.ts';

const PUBLIC_URL = 'https://guichet.example.fr';
const HOUR = 3600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

// A scenario: the job's step counts the digests the « Mon compte » steps turned on, so the steps
// keep their order even when the run shuffles tests (`--sequence.shuffle`).
describe(`résumé quotidien des agents (${dbKind})`, { shuffle: false }, () => {
  let t: TestApp;
  let peer: SmtpPeer;
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await testApp({ SMTP_URL: peer.url, PUBLIC_URL, AGEING_DAYS: '7' });
    const db = t.database.db;
    // Offers: two came in this morning, one waits for ten days, one validated (nothing to do).
    await seedInscriptions(db, [
      { date: ago(2), statut: STATUT.enAttente },
      { date: ago(3), statut: STATUT.enAttente },
      { date: ago(240), statut: STATUT.enAttente },
      { date: ago(1), statut: STATUT.valide },
    ]);
    // Partners: one registration this morning.
    const partenaire = await register(t.app, { nom: 'Nouveau Partenaire' });
    await db
      .update(partenaires)
      .set({ date: ago(5) })
      .where(eq(partenaires.id, partenaire));
    // Its registration receipt goes now: the digests are counted alone below.
    await t.mail.drain();
    peer.received.splice(0);
    // Students: one request twelve days old, one refused.
    await db.insert(etudiants).values([
      { date: ago(12 * 24), email: 'etu1@example.fr', cp: '10000', ville: 'TROYES', ecole: 'UTT' },
      { date: ago(4), email: 'etu2@example.fr', cp: '10000', ville: 'TROYES', ecole: 'UTT', statutId: STATUT.refuse },
    ]);
    // A mail that failed for good an hour ago, one that failed last week.
    for (const [to, hours] of [
      ['perdu@example.fr', 1],
      ['ancien@example.fr', 24 * 7],
    ] as const) {
      const id = await enqueueMail(
        db,
        { to, subject: 'Test', text: 't', html: '<p>t</p>', kind: 'liste_logements' },
        { publicUrl: PUBLIC_URL },
      );
      await db
        .update(mailOutbox)
        .set({ status: 'failed', attempts: 5, nextAttemptAt: ago(hours), lastError: '550' })
        .where(eq(mailOutbox.id, id));
    }
    for (const [name, roles, email] of [
      ['chef', ['ROLE_ADMIN'], 'chef@guichet.example.fr'],
      ['agent', ['ROLE_USER'], 'agent.logement@guichet.example.fr'],
      ['roles', ['ROLE_ADMIN_ROLE'], 'roles@guichet.example.fr'],
      ['sansAdresse', ['ROLE_USER'], null],
      ['muet', ['ROLE_USER'], 'muet@guichet.example.fr'],
    ] as const) {
      const agent = await t.agent([...roles], name);
      cookies[name] = agent.cookie;
      ids[name] = agent.id;
      if (email) await db.update(agents).set({ email }).where(eq(agents.id, agent.id));
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const compte = (who: string, payload?: object) =>
    t.app.inject({
      method: payload ? 'PUT' : 'GET',
      url: '/api/admin/compte/resume-quotidien',
      headers: cookies[who] ? { cookie: cookies[who] } : {},
      payload,
    });
  const adresse = (who: string, email: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/compte/courriel',
      headers: cookies[who] ? { cookie: cookies[who] } : {},
      payload: { email },
    });

  it('« Mon compte » : cocher le résumé quand l’agent a une adresse ; sinon la raison, et rien ne change', async () => {
    expect((await compte('chef')).json()).toEqual({
      digestQuotidien: false,
      email: 'chef@guichet.example.fr',
      adresse: 'chef@guichet.example.fr',
      raison: null,
    });
    for (const who of ['chef', 'agent']) {
      const on = await compte(who, { digestQuotidien: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().digestQuotidien).toBe(true);
    }
    expect((await compte('chef')).json().digestQuotidien).toBe(true);

    const noAddress = await compte('sansAdresse', { digestQuotidien: true });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().errors).toEqual([{ key: 'digestQuotidien', error: DIGEST_MESSAGES.sansAdresse }]);
    expect((await compte('sansAdresse')).json()).toEqual({
      digestQuotidien: false,
      email: null,
      adresse: null,
      raison: DIGEST_MESSAGES.sansAdresse,
    });
    const noList = await compte('roles', { digestQuotidien: true });
    expect(noList.statusCode).toBe(400);
    expect(noList.json().message).toBe(DIGEST_MESSAGES.sansListe);
    expect((await compte('roles')).json()).toMatchObject({ email: 'roles@guichet.example.fr', adresse: null });
    expect((await compte('muet', { digestQuotidien: 'oui' })).statusCode).toBe(400);
    expect((await compte('personne')).statusCode).toBe(401);

    // Stopping is always possible.
    expect((await compte('muet', { digestQuotidien: true })).statusCode).toBe(200);
    expect((await compte('muet', { digestQuotidien: false })).json().digestQuotidien).toBe(false);
  });

  it('« Mon compte » : l’adresse se saisit, se corrige et se supprime (et le résumé avec elle), chaque fois au journal', async () => {
    // Not an address, too long, not a string: refused under the field, nothing stored.
    for (const bad of ['jean.dupont', 'jean dupont@exemple.fr', `${'a'.repeat(250)}@exemple.fr`, 42, null]) {
      const res = await adresse('muet', bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors, String(bad)).toEqual([{ key: 'email', error: DIGEST_MESSAGES.adresseInvalide }]);
    }
    expect((await compte('muet')).json().email).toBe('muet@guichet.example.fr');
    expect((await adresse('personne', 'x@exemple.fr')).statusCode).toBe(401);

    // Typed with capitals and spaces: kept trimmed, in lower case; the digest can then be chosen.
    const saved = await adresse('sansAdresse', '  Jean.Dupont@Guichet.Example.fr ');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      digestQuotidien: false,
      email: 'jean.dupont@guichet.example.fr',
      adresse: 'jean.dupont@guichet.example.fr',
      raison: null,
      message: DIGEST_MESSAGES.adresseEnregistree,
    });
    expect((await compte('sansAdresse', { digestQuotidien: true })).statusCode).toBe(200);

    // Removed: the digest stops with it, and the choice cannot be made again without an address.
    const removed = await adresse('sansAdresse', '   ');
    expect(removed.json()).toEqual({
      digestQuotidien: false,
      email: null,
      adresse: null,
      raison: DIGEST_MESSAGES.sansAdresse,
      message: DIGEST_MESSAGES.adresseSupprimee,
    });
    const lines = await t.database.db
      .select({ action: journal.action, avant: journal.avant, apres: journal.apres })
      .from(journal)
      .where(and(eq(journal.action, 'compte.courriel'), eq(journal.entiteId, ids.sansAdresse)))
      .orderBy(asc(journal.id));
    expect(lines).toEqual([
      {
        action: 'compte.courriel',
        avant: { email: null, resumeQuotidien: false },
        apres: { email: 'jean.dupont@guichet.example.fr', resumeQuotidien: false },
      },
      {
        action: 'compte.courriel',
        avant: { email: 'jean.dupont@guichet.example.fr', resumeQuotidien: true },
        apres: { email: null, resumeQuotidien: false },
      },
    ]);
  });

  it('la migration 0015 reprend comme adresse l’identifiant qui en est une, et lui seul', async () => {
    const db = t.database.db;
    const before = await t.agent(['ROLE_USER'], 'Ancien.Agent@Guichet.Example.fr');
    const plain = await t.agent(['ROLE_USER'], 'ancien_agent');
    const sql = readFileSync(new URL('../../../drizzle/0015_agents-email.sql', import.meta.url), 'utf8');
    const backfill = sql.split('--> statement-breakpoint')[1];
    expect(backfill).toMatch(/UPDATE "agents"/);
    await db.execute(backfill);
    const emails = await db
      .select({ id: agents.id, email: agents.email })
      .from(agents)
      .where(inArray(agents.id, [before.id, plain.id]))
      .orderBy(asc(agents.id));
    expect(emails).toEqual([
      { id: before.id, email: 'ancien.agent@guichet.example.fr' },
      { id: plain.id, email: null },
    ]);
    // Agents who already had an address keep theirs.
    expect((await compte('chef')).json().email).toBe('chef@guichet.example.fr');
  });

  it('le job `digest` : un courriel par agent inscrit, selon ses rôles, avec les comptes et les liens ; une seule fois par jour', async () => {
    // Chosen by hand in the database without an address: the job checks again.
    await t.database.db
      .update(agents)
      .set({ digestQuotidien: true })
      .where(eq(agents.username, 'sansAdresse'))
      .execute();
    await t.database.db.update(agents).set({ digestQuotidien: true }).where(eq(agents.username, 'roles')).execute();

    const lines = await runJob(t.database.db, t.config, 'digest');
    expect(lines[0]).toMatch(/^Tâche « digest » faite pour le \d{4}-\d{2}-\d{2}\.$/);
    expect(lines.slice(1).map((l) => l.replace(/\s+/g, ' ').trim())).toEqual([
      'résumés envoyés 2',
      'agents sans rien à signaler 1',
      'agents sans adresse électronique 1',
    ]);
    await t.mail.drain();
    const mails = peer.received.splice(0);
    expect(mails.map((m) => m.envelope.to).sort()).toEqual([
      ['agent.logement@guichet.example.fr'],
      ['chef@guichet.example.fr'],
    ]);
    const chef = mails.find((m) => m.envelope.to[0] === 'chef@guichet.example.fr');
    const agent = mails.find((m) => m.envelope.to[0] !== 'chef@guichet.example.fr');
    const text = chef?.parsed.text ?? '';
    expect(chef?.parsed.subject).toMatch(/^Résumé quotidien du \d{2}\/\d{2}\/\d{4} — Guichet numérique étudiant$/);
    expect(text).toContain('Bonjour Camille Test,');
    expect(text).toContain('Offres de logement : 2 reçues depuis hier, 1 en attente depuis plus de 7 jours.');
    expect(text).toContain(
      'Partenaires (inscriptions et modifications proposées) : 1 reçue depuis hier, 0 en attente depuis plus de 7 jours.',
    );
    expect(text).toContain('Demandes d’étudiants : 0 reçue depuis hier, 1 en attente depuis plus de 7 jours.');
    expect(text).toContain('Courriels en échec depuis hier : 1.');
    for (const link of [
      '/admin/inscriptions?f.statut=1',
      '/admin/inscriptions?f.attente=7',
      '/admin/partenaires?f.statut=1',
      '/admin/etudiants?f.attente=7',
      '/admin/courriels?f.statut=failed',
      '/admin/compte',
    ]) {
      expect(text, link).toContain(`${PUBLIC_URL}${link}`);
    }
    // No link to a list with nothing new in it.
    expect(text).not.toContain(`${PUBLIC_URL}/admin/etudiants?f.statut=1`);
    // An « Agent » does not see the mail log's failures.
    expect(agent?.parsed.text).toContain('Offres de logement : 2 reçues depuis hier');
    expect(agent?.parsed.text).not.toContain('Courriels en échec');
    const [queued] = await t.database.db
      .select({ kind: mailOutbox.kind, entite: mailOutbox.entite })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'chef@guichet.example.fr'));
    expect(queued).toEqual({ kind: 'resume_quotidien', entite: 'agent' });

    // Twice the same day: nothing more.
    const again = await runJob(t.database.db, t.config, 'digest');
    expect(again).toEqual([expect.stringMatching(/^Tâche « digest » déjà faite pour le .+ : rien de plus\.$/)]);
    await t.mail.drain();
    expect(peer.received).toHaveLength(0);
  });

  it('rien à signaler, pas de courriel', async () => {
    const t2 = await testApp({ SMTP_URL: peer.url, PUBLIC_URL });
    try {
      await t2.agent(['ROLE_ADMIN'], 'calme');
      await t2.database.db.update(agents).set({ digestQuotidien: true, email: 'calme@guichet.example.fr' }).execute();
      const lines = await runJob(t2.database.db, t2.config, 'digest');
      expect(lines[1].replace(/\s+/g, ' ').trim()).toBe('résumés envoyés 0');
      expect(lines[2].replace(/\s+/g, ' ').trim()).toBe('agents sans rien à signaler 1');
      expect(await t2.database.db.$count(mailOutbox)).toBe(0);
    } finally {
      await t2.close();
    }
  });
});
