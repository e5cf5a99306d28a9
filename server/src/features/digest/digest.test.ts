import { DIGEST_MESSAGES, STATUT } from '@guichet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../../test/harness.ts';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.ts';
import { agents, etudiants, mailOutbox, partenaires } from '../../db/schema.ts';
import { runJob } from '../../jobs.ts';
import { enqueueMail } from '../../platform/mail/index.ts';
import { seedInscriptions } from '../inscriptions/inscriptions.fixtures.ts';
import { register } from '../partenaires/partenaires.fixtures.ts';

const PUBLIC_URL = 'https://guichet.example.fr';
const HOUR = 3600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

describe(`résumé quotidien des agents (${dbKind})`, () => {
  let t: TestApp;
  let peer: SmtpPeer;
  const cookies: Record<string, string> = {};
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
    for (const [name, roles, username] of [
      ['chef', ['ROLE_ADMIN'], 'chef@guichet.example.fr'],
      ['agent', ['ROLE_USER'], 'Agent.Logement@guichet.example.fr'],
      ['roles', ['ROLE_ADMIN_ROLE'], 'roles@guichet.example.fr'],
      ['sansAdresse', ['ROLE_USER'], 'jdupont'],
      ['muet', ['ROLE_USER'], 'muet@guichet.example.fr'],
    ] as const) {
      cookies[name] = (await t.agent([...roles], username)).cookie;
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

  it('« Mon compte » : cocher le résumé quand l’identifiant est une adresse ; sinon la raison, et rien ne change', async () => {
    expect((await compte('chef')).json()).toEqual({
      digestQuotidien: false,
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
      adresse: null,
      raison: DIGEST_MESSAGES.sansAdresse,
    });
    const noList = await compte('roles', { digestQuotidien: true });
    expect(noList.statusCode).toBe(400);
    expect(noList.json().message).toBe(DIGEST_MESSAGES.sansListe);
    expect((await compte('muet', { digestQuotidien: 'oui' })).statusCode).toBe(400);
    expect((await compte('personne')).statusCode).toBe(401);

    // Stopping is always possible.
    expect((await compte('muet', { digestQuotidien: true })).statusCode).toBe(200);
    expect((await compte('muet', { digestQuotidien: false })).json().digestQuotidien).toBe(false);
  });

  it('le job `digest` : un courriel par agent inscrit, selon ses rôles, avec les comptes et les liens ; une seule fois par jour', async () => {
    // Chosen before the address rules, or by hand in the database: the job checks again.
    await t.database.db.update(agents).set({ digestQuotidien: true }).where(eq(agents.username, 'jdupont')).execute();
    await t.database.db
      .update(agents)
      .set({ digestQuotidien: true })
      .where(eq(agents.username, 'roles@guichet.example.fr'))
      .execute();

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
      ['Agent.Logement@guichet.example.fr'],
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
      await t2.agent(['ROLE_ADMIN'], 'calme@guichet.example.fr');
      await t2.database.db.update(agents).set({ digestQuotidien: true }).execute();
      const lines = await runJob(t2.database.db, t2.config, 'digest');
      expect(lines[1].replace(/\s+/g, ' ').trim()).toBe('résumés envoyés 0');
      expect(lines[2].replace(/\s+/g, ' ').trim()).toBe('agents sans rien à signaler 1');
      expect(await t2.database.db.$count(mailOutbox)).toBe(0);
    } finally {
      await t2.close();
    }
  });
});
