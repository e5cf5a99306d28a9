import {
  ECOLES,
  ETUDIANT_FIELD_MESSAGES,
  HONEYPOT_FIELD,
  ETUDIANT_MESSAGES as M,
  MESSAGES,
  PROXIMITES,
} from '@guichet/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import qs from 'qs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dbKind, describeOn, type TestApp, testApp } from '../../../test/harness.ts';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.ts';
import { etudiants, inscriptions, mailAttachments, mailOutbox } from '../../db/schema.ts';
import { storedOffer } from '../inscriptions/inscriptions.fixtures.ts';
import { pdfText } from './pdf-text.testing.ts';

const valid = { email: 'Camille.Martin@example.fr', cp: '10000', ville: 'Troyes', ecole: 'UTT', adresse: '' };

const offer = storedOffer;

type Seed = { email: string; ecole?: string; cp?: string; ville?: string; statutId?: number; date: string };
type Row = { id: number; email: string; idStatut: number; statut: string; date: string; cp: string; ville: string };

describe(`demandes étudiants (${dbKind})`, () => {
  let t: TestApp;
  let peer: SmtpPeer;
  let staff: string;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await testApp({ SMTP_URL: peer.url, PUBLIC_URL: 'https://guichet.example.fr' });
    staff = (await t.agent(['ROLE_USER'])).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });
  beforeEach(async () => {
    await t.database.db.delete(mailOutbox);
    await t.database.db.delete(mailAttachments);
    await t.database.db.delete(etudiants);
    await t.database.db.delete(inscriptions);
    peer.received.length = 0;
  });

  const db = () => t.database.db;
  const add = (payload: object) => t.app.inject({ method: 'POST', url: '/api/etudiant/add', payload });
  const seed = async (rows: Seed[]) =>
    (
      await db()
        .insert(etudiants)
        .values(
          rows.map((r) => ({
            email: r.email,
            cp: r.cp ?? '10000',
            ville: r.ville ?? 'TROYES',
            ecole: r.ecole ?? 'IUT',
            statutId: r.statutId ?? 1,
            date: new Date(r.date),
          })),
        )
        .returning({ id: etudiants.id })
    ).map((r) => r.id);
  const update = (payload: object, cookie = staff) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/etudiants/update', headers: { cookie }, payload });
  const list = (params: object, cookie = staff) =>
    t.app.inject({
      url: `/api/admin/etudiants/get/list/by/filters?${qs.stringify(params, { arrayFormat: 'brackets' })}`,
      headers: { cookie },
    });
  const emails = async (params: object) => ((await list(params)).json().etudiants as Row[]).map((r) => r.email);
  const statuts = async () =>
    Object.fromEntries(
      (await db().select({ email: etudiants.email, s: etudiants.statutId }).from(etudiants)).map((r) => [r.email, r.s]),
    );

  describe('POST /api/etudiant/add', () => {
    it('enregistre la demande en attente, ville en majuscules, et répond par un message de confirmation', async () => {
      const res = await add({ ...valid, ville: ' Sainte-Savine ', ecole: 'Lycée Chrestien de Troyes' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', message: M.demandeEnregistree });
      const rows = await db().select().from(etudiants);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        email: 'Camille.Martin@example.fr',
        cp: '10000',
        ville: 'SAINTE-SAVINE',
        ecole: 'Lycée Chrestien de Troyes',
        adresse: '',
        statutId: 1,
      });
      // `adresse` is optional (the form has no such field) but kept when a client sends it.
      await add({ ...valid, email: 'autre@example.fr', adresse: '5 rue de la Paix' });
      const [other] = await db().select().from(etudiants).where(eq(etudiants.email, 'autre@example.fr'));
      expect(other.adresse).toBe('5 rue de la Paix');
    });

    it('un étudiant à l’étranger : pays enregistré, code postal libre ou absent ; la France par défaut', async () => {
      expect(
        (await add({ ...valid, email: 'be@example.fr', pays: 'BE', cp: '1050', ville: 'Bruxelles' })).statusCode,
      ).toBe(200);
      expect(
        (await add({ ...valid, email: 'gb@example.fr', pays: 'GB', cp: 'sw1a 1aa', ville: 'London' })).statusCode,
      ).toBe(200);
      expect(
        (await add({ ...valid, email: 'hk@example.fr', pays: 'HK', cp: undefined, ville: 'Hong Kong' })).statusCode,
      ).toBe(200);
      expect((await add({ ...valid, email: 'fr@example.fr' })).statusCode).toBe(200);
      const rows = await db().select().from(etudiants).orderBy(etudiants.id);
      expect(rows.map((r) => [r.email, r.pays, r.cp, r.ville])).toEqual([
        ['be@example.fr', 'BE', '1050', 'BRUXELLES'],
        ['gb@example.fr', 'GB', 'SW1A 1AA', 'LONDON'],
        ['hk@example.fr', 'HK', '', 'HONG KONG'],
        ['fr@example.fr', 'FR', '10000', 'TROYES'],
      ]);
      // The staff's table has the country; the export names it in its last column.
      const listed = (await list({ sort: { name: 'email', direction: 'asc' } })).json().etudiants as Row[];
      expect(listed.map((r) => (r as Row & { pays: string }).pays)).toEqual(['BE', 'FR', 'GB', 'HK']);
      const csv = (await t.app.inject({ url: '/api/admin/etudiants/export', headers: { cookie: staff } })).rawPayload
        .subarray(3)
        .toString('utf8')
        .split('\r\n');
      expect(csv[0].split(';').at(-1)).toBe('Pays');
      expect(csv.find((l) => l.includes('be@example.fr'))).toMatch(/;1050;BRUXELLES;UTT;En attente;Belgique$/);
      expect(csv.find((l) => l.includes('fr@example.fr'))).toMatch(/;France$/);
    });

    it('un code postal français exigé en France ne se contente pas d’un code étranger, et rien n’est enregistré', async () => {
      const res = await add({ ...valid, cp: '1050', ville: 'Bruxelles' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ key: 'cp', error: ETUDIANT_FIELD_MESSAGES.cpFrance }]);
      expect(await db().$count(etudiants)).toBe(0);
      expect(await db().$count(mailOutbox)).toBe(0);
    });

    it('accepte chacune des quatorze écoles', async () => {
      expect(ECOLES).toHaveLength(14);
      for (const [i, ecole] of ECOLES.entries()) {
        expect((await add({ ...valid, email: `e${i}@example.fr`, ecole })).statusCode).toBe(200);
      }
    });

    it.each([
      ['email', { email: undefined }, 'Ce champ est obligatoire.'],
      ['email', { email: '  ' }, 'Ce champ est obligatoire.'],
      ['email', { email: 'camille@' }, 'Veuillez saisir une adresse de courriel valide.'],
      ['email', { email: `${'a'.repeat(175)}@ex.fr` }, 'Ce champ ne doit pas dépasser 180 caractères.'],
      ['cp', { cp: undefined }, 'Ce champ est obligatoire.'],
      ['cp', { cp: '1000' }, ETUDIANT_FIELD_MESSAGES.cpFrance],
      ['cp', { cp: '1000A' }, ETUDIANT_FIELD_MESSAGES.cpFrance],
      ['cp', { cp: '100000' }, ETUDIANT_FIELD_MESSAGES.cpFrance],
      ['ville', { ville: '' }, 'Ce champ est obligatoire.'],
      ['ville', { ville: 'x'.repeat(101) }, 'Ce champ ne doit pas dépasser 100 caractères.'],
      ['ecole', { ecole: undefined }, 'Ce champ est obligatoire.'],
      ['ecole', { ecole: 'Sorbonne' }, 'Veuillez choisir une valeur dans la liste.'],
      ['adresse', { adresse: 'x'.repeat(256) }, 'Ce champ ne doit pas dépasser 255 caractères.'],
      ['pays', { pays: 'ZZ' }, ETUDIANT_FIELD_MESSAGES.pays],
      ['pays', { pays: 'be' }, ETUDIANT_FIELD_MESSAGES.pays],
      ['cp', { pays: 'BE', cp: '1050_B' }, ETUDIANT_FIELD_MESSAGES.cpEtranger],
      ['cp', { pays: 'GB', cp: 'SW1A 1AA 999' }, 'Ce champ ne doit pas dépasser 10 caractères.'],
      ['ville', { pays: 'BE', cp: '1050', ville: ' ' }, 'Ce champ est obligatoire.'],
    ])('refuse %s invalide (%j) avec l’erreur sous le champ, sans rien enregistrer', async (key, change, error) => {
      const res = await add({ ...valid, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', errors: [{ key, error }] });
      expect(await db().$count(etudiants)).toBe(0);
    });

    it('donne une erreur par champ quand tout manque', async () => {
      const res = await add({});
      expect(res.statusCode).toBe(400);
      const keys = (res.json().errors as { key: string }[]).map((e) => e.key).sort();
      expect(keys).toEqual(['cp', 'ecole', 'email', 'ville']);
    });

    it('ne crée pas de doublon pour une demande en attente de la même adresse (casse ignorée), et répond exactement comme la première fois', async () => {
      // What an outsider sees: status, headers that are not per-request, and the body's bytes.
      const seen = (res: Awaited<ReturnType<typeof add>>) => {
        const { date: _date, ...headers } = res.headers;
        return { status: res.statusCode, headers, body: res.rawPayload };
      };
      const first = seen(await add(valid));
      expect(first.status).toBe(200);
      const again = seen(await add({ ...valid, email: 'camille.martin@EXAMPLE.FR', ecole: 'IUT' }));
      expect(again).toEqual(first);
      expect(Buffer.compare(again.body, first.body)).toBe(0);
      expect(JSON.parse(again.body.toString())).toEqual({ status: 'success', message: M.demandeEnregistree });
      expect(await db().$count(etudiants)).toBe(1);
      // An address nobody has used gets the same bytes too.
      expect(seen(await add({ ...valid, email: 'nouveau@example.fr' }))).toEqual(first);
      expect(await db().$count(etudiants)).toBe(2);
      // Two at once still make one row, and the same answer.
      const duo = await Promise.all([
        add({ ...valid, email: 'duo@example.fr' }),
        add({ ...valid, email: 'DUO@example.fr' }),
      ]);
      for (const res of duo) expect(seen(res)).toEqual(first);
      expect(
        (await db().select().from(etudiants)).filter((r) => r.email.toLowerCase() === 'duo@example.fr'),
      ).toHaveLength(1);
      // Once handled, a new request is a new request.
      await db().update(etudiants).set({ statutId: 2 });
      expect(seen(await add(valid))).toEqual(first);
      expect(await db().$count(etudiants)).toBe(4);
    });

    it('ignore un envoi qui remplit le champ piège (robot), en lui répondant un succès', async () => {
      const res = await add({ ...valid, [HONEYPOT_FIELD]: 'http://spam.example' });
      expect(res.statusCode).toBe(200);
      // The very answer a person gets: the robot cannot tell it was caught.
      expect(res.json()).toEqual({ status: 'success', message: M.demandeEnregistree });
      expect(await db().$count(etudiants)).toBe(0);
      expect((await add({ ...valid, [HONEYPOT_FIELD]: '' })).json().message).toBe(M.demandeEnregistree);
      expect(await db().$count(etudiants)).toBe(1);
    });

    it('limite le nombre de demandes par minute et par adresse IP', async () => {
      const limited = await testApp({ PUBLIC_FORM_RATE_LIMIT: '2' });
      try {
        const post = (i: number) =>
          limited.app.inject({ method: 'POST', url: '/api/etudiant/add', payload: { ...valid, email: `r${i}@ex.fr` } });
        expect((await post(1)).statusCode).toBe(200);
        expect((await post(2)).statusCode).toBe(200);
        const third = await post(3);
        expect(third.statusCode).toBe(429);
        expect(third.json()).toMatchObject({ status: 'error', message: MESSAGES.tropDeRequetes });
        expect(await limited.database.db.$count(etudiants)).toBe(2);
      } finally {
        await limited.close();
      }
    });
  });

  describe('accès aux routes d’administration', () => {
    const routes = [
      ['GET', '/api/admin/etudiants/get/list/by/filters'],
      ['GET', '/api/admin/etudiants/export'],
      ['PUT', '/api/admin/etudiants/update'],
    ] as const;
    it.each(routes)(
      '%s %s : 401 sans session, 403 pour ROLE_ADMIN_ROLE seul, ouvert à ROLE_ADMIN',
      async (method, url) => {
        const [id] = await seed([{ email: 'a@example.fr', date: '2026-01-10T10:00:00Z' }]);
        const payload = method === 'PUT' ? { selection: [id], action: 'refuser' } : undefined;
        const anonymous = await t.app.inject({ method, url, payload });
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json()).toMatchObject({ message: MESSAGES.accesNonAutorise });
        const roles = await t.agent(['ROLE_ADMIN_ROLE']);
        expect((await t.app.inject({ method, url, payload, headers: { cookie: roles.cookie } })).statusCode).toBe(403);
        expect(await statuts()).toEqual({ 'a@example.fr': 1 });
        const admin = await t.agent(['ROLE_ADMIN']);
        expect((await t.app.inject({ method, url, payload, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
      },
    );
  });

  describe('liste', () => {
    beforeEach(async () => {
      await seed([
        { email: 'ana@example.fr', ecole: 'UTT', date: '2026-01-10T09:00:00Z' },
        { email: 'bruno@example.fr', ecole: 'Lycée Marie de Champagne', statutId: 2, date: '2026-01-12T09:00:00Z' },
        // 23:30 UTC on the 12th is already the 13th in Paris.
        { email: 'chloe@example.fr', ecole: 'IUT', statutId: 3, date: '2026-01-12T23:30:00Z', cp: '10300' },
        { email: 'dominique@univ.fr', ecole: 'UTT', statutId: 1, date: '2026-01-14T09:00:00Z', ville: 'SAINTE-SAVINE' },
      ]);
    });

    it('rend les champs de la spécification, du plus récent au plus ancien par défaut', async () => {
      const res = await list({});
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.count).toBe(4);
      expect(body.etudiants.map((r: Row) => r.email)).toEqual([
        'dominique@univ.fr',
        'chloe@example.fr',
        'bruno@example.fr',
        'ana@example.fr',
      ]);
      expect(Object.keys(body.etudiants[0]).sort()).toEqual(
        [
          'adresse',
          'courrielEchec',
          'cp',
          'date',
          'ecole',
          'email',
          'id',
          'idStatut',
          'pays',
          'statut',
          'ville',
        ].sort(),
      );
      expect(body.etudiants[1]).toMatchObject({
        idStatut: 3,
        statut: 'Refusé',
        cp: '10300',
        date: '2026-01-12T23:30:00.000Z',
      });
    });

    it('filtre par jour (heure de Paris), e-mail, école et statut, cherche sans accents, trie et pagine', async () => {
      expect(await emails({ filter: { date: '2026-01-13' } })).toEqual(['chloe@example.fr']);
      expect(await emails({ filter: { date: '2026-01-12' } })).toEqual(['bruno@example.fr']);
      expect(await emails({ filter: { email: 'UNIV' } })).toEqual(['dominique@univ.fr']);
      expect(await emails({ filter: { ecole: 'UTT' } })).toEqual(['dominique@univ.fr', 'ana@example.fr']);
      expect(await emails({ filter: { statut: 1 } })).toEqual(['dominique@univ.fr', 'ana@example.fr']);
      expect(await emails({ filter: { statut: [2, 3] } })).toEqual(['chloe@example.fr', 'bruno@example.fr']);
      expect(await emails({ search: 'lycee marie' })).toEqual(['bruno@example.fr']);
      expect(await emails({ search: 'sainte' })).toEqual(['dominique@univ.fr']);
      expect(await emails({ search: 'valide' })).toEqual(['bruno@example.fr']);
      expect(await emails({ sort: { name: 'email', direction: 'asc' } })).toEqual([
        'ana@example.fr',
        'bruno@example.fr',
        'chloe@example.fr',
        'dominique@univ.fr',
      ]);
      expect(await emails({ sort: { name: 'statut', direction: 'desc' }, rowsPerPage: 5 })).toEqual([
        'chloe@example.fr',
        'bruno@example.fr',
        'dominique@univ.fr',
        'ana@example.fr',
      ]);
      const page = (await list({ rowsPerPage: 5, page: 0, sort: { name: 'adresse', direction: 'desc' } })).json();
      expect(page.etudiants[0].email).toBe('chloe@example.fr');
      const second = (await list({ rowsPerPage: 5, page: 1 })).json();
      expect(second).toEqual({ count: 4, etudiants: [] });
    });

    it('au-delà de 10 000 demandes trouvées, le total dit « plus de », exact dès que la page n’est plus pleine', async () => {
      // 10 050 requests that the search finds, besides the four of this block's seed.
      await db().execute(sql`
        insert into etudiants (date, email, adresse, cp, ville, ecole, statut_id)
        select now() - g * interval '1 minute', 'plafond' || g || '@univ.fr', '', '10000', 'TROYES', 'UTT', 1 + g % 2
        from generate_series(1, 10050) g`);
      const answer = async (params: object) => {
        const { count, countIsLowerBound, etudiants: rows } = (await list(params)).json();
        return { count, countIsLowerBound, rows: rows.length };
      };
      expect(await answer({ search: 'plafond', rowsPerPage: 20 })).toEqual({
        count: 10_000,
        countIsLowerBound: true,
        rows: 20,
      });
      // Page 502 holds the 10 021st to 10 040th: at least that many match.
      expect(await answer({ search: 'plafond', rowsPerPage: 20, page: 501 })).toEqual({
        count: 10_040,
        countIsLowerBound: true,
        rows: 20,
      });
      // The last page is not full: it gives the exact total; past the end, the count is exact too.
      const exact = { count: 10_050, countIsLowerBound: undefined };
      expect(await answer({ search: 'plafond', rowsPerPage: 20, page: 502 })).toEqual({ ...exact, rows: 10 });
      expect(await answer({ search: 'plafond', rowsPerPage: 20, page: 600 })).toEqual({ ...exact, rows: 0 });
      // A filter counts the same way; the whole table keeps its exact counter (10 050 + 4).
      expect(await answer({ filter: { statut: [1, 2] }, rowsPerPage: 20 })).toMatchObject({ countIsLowerBound: true });
      expect(await answer({ rowsPerPage: 20 })).toEqual({ count: 10_054, countIsLowerBound: undefined, rows: 20 });
      expect(await answer({ search: 'plafond9999', rowsPerPage: 20 })).toEqual({ ...exact, count: 1, rows: 1 });
    });

    it('refuse une colonne de tri, une école ou une taille de page inconnues (400)', async () => {
      for (const params of [
        { sort: { name: 'motdepasse' } },
        { filter: { ecole: 'Sorbonne' } },
        { rowsPerPage: 7 },
        { filter: { date: '12/01/2026' } },
      ]) {
        const res = await list(params);
        expect(res.statusCode, JSON.stringify(params)).toBe(400);
        expect(res.json().status).toBe('error');
      }
    });

    it('exporte inscriptions_étudiants.csv : BOM, « ; », CRLF, en-têtes français, dates de Paris, filtres suivis', async () => {
      const res = await t.app.inject({
        url: `/api/admin/etudiants/export?${qs.stringify({ filter: { ecole: 'UTT' }, sort: { name: 'email', direction: 'asc' } })}`,
        headers: { cookie: staff },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="inscriptions_etudiants.csv"; filename*=UTF-8''inscriptions_%C3%A9tudiants.csv`,
      );
      const bytes = res.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').split('\r\n');
      expect(lines[0]).toBe('Numéro;Date;Email;Adresse;Code postal;Ville;École envisagée;Statut;Pays');
      expect(lines[1]).toMatch(/^\d+;10\/01\/2026 10:00:00;ana@example\.fr;;10000;TROYES;UTT;En attente;France$/);
      expect(lines[2]).toMatch(/;dominique@univ\.fr;;10000;SAINTE-SAVINE;UTT;En attente;France$/);
      expect(lines.slice(3)).toEqual(['']);
    });
  });

  describe('valider et refuser', () => {
    it('valide plusieurs demandes : statut 2 et un courriel par étudiant avec la liste des logements validés en PDF', async () => {
      await db()
        .insert(inscriptions)
        .values([
          offer(2, 'VALIDÉ', {
            proximite: PROXIMITES[5],
            type: 'T2',
            surface: 'Plus de 40 m²',
            adresse: '8 avenue des Martyrs',
            cp: '10300',
            ville: 'SAINTE-SAVINE',
            dateValidation: new Date('2026-01-15T10:00:00Z'),
          }),
          // Confirmed available by its landlord after staff validated it: the later date is printed.
          offer(2, 'CONFIRMÉ', {
            dateValidation: new Date('2026-01-02T10:00:00Z'),
            dateConfirmation: new Date('2026-02-10T10:00:00Z'),
          }),
          // Validated without the date being recorded (seeded): its registration date stands in.
          offer(2, 'GARÇON', { proximite: PROXIMITES[0], charges: '120.00', date: new Date('2025-12-01T10:00:00Z') }),
          offer(1, 'ENATTENTE'),
          offer(3, 'REFUSÉ'),
          offer(4, 'ARCHIVÉ'),
        ]);
      const ids = await seed([
        { email: 'ana@example.fr', date: '2026-01-10T09:00:00Z' },
        { email: 'Bruno@Example.fr', date: '2026-01-11T09:00:00Z', statutId: 3 },
        { email: 'chloe@example.fr', date: '2026-01-12T09:00:00Z' },
        { email: 'reste@example.fr', date: '2026-01-13T09:00:00Z' },
      ]);
      // Rows as the table holds them, or plain ids: both are read as ids.
      const rows = ((await list({})).json().etudiants as Row[]).filter((r) => r.email !== 'reste@example.fr');
      const res = await update({ selection: [rows[0], rows[1].id, rows[2]], action: 'valider' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'success',
        message: M.validees(3),
        traitees: [rows[0].id, rows[1].id, rows[2].id].sort((a, b) => a - b),
        dejaValidees: [],
      });
      expect(await statuts()).toEqual({
        'ana@example.fr': 2,
        'Bruno@Example.fr': 2,
        'chloe@example.fr': 2,
        'reste@example.fr': 1,
      });
      expect(ids).toHaveLength(4);
      // Queued in the transaction: three mails, one stored PDF.
      expect(await db().$count(mailOutbox)).toBe(3);
      expect(await db().$count(mailAttachments)).toBe(1);

      expect(await t.mail.drain()).toEqual({ sent: 3, retried: 0, failed: 0 });
      expect(peer.received.map((m) => m.envelope.to[0].toLowerCase()).sort()).toEqual([
        'ana@example.fr',
        'bruno@example.fr',
        'chloe@example.fr',
      ]);
      const mail = peer.received.find((m) => m.envelope.to[0] === 'ana@example.fr');
      if (!mail) throw new Error('courriel non reçu');
      expect(mail.parsed.subject).toBe('Liste des logements privés — Guichet numérique étudiant');
      expect(mail.parsed.text).toContain('Votre demande a été validée');
      expect(mail.parsed.text).toContain('3 offres');
      expect(mail.parsed.html).toContain('<html lang="fr">');
      expect(mail.parsed.attachments).toHaveLength(1);
      const [pdf] = mail.parsed.attachments;
      expect(pdf.filename).toBe('Liste des logements privés.pdf');
      expect(pdf.contentType).toBe('application/pdf');
      const text = pdfText(pdf.content).replace(/\s+/g, ' ');
      expect(text).toContain('Propriétaire : Hélène VALIDÉ');
      expect(text).toContain('Propriétaire : Hélène GARÇON');
      expect(text).toContain('Charges : 120,00 €');
      expect(text).toContain('T2 — Plus de 40 m²');
      // Where each offer is, and when it was last confirmed available.
      expect(text).toContain('Adresse : 8 avenue des Martyrs, 10300 SAINTE-SAVINE');
      expect(text).toContain('Disponibilité confirmée le 15/01/2026');
      expect(text).toContain('Adresse : 3 rue Émile Zola, 10000 TROYES');
      expect(text).toContain('Disponibilité confirmée le 01/12/2025');
      expect(text).toContain('Disponibilité confirmée le 10/02/2026');
      expect(text).not.toContain('02/01/2026');
      expect(text).not.toContain('ENATTENTE');
      expect(text).not.toContain('REFUSÉ');
      expect(text).not.toContain('ARCHIVÉ');
      // Sectors in the wizard's order: the centre before "Autres".
      expect(text.indexOf('GARÇON')).toBeLessThan(text.indexOf('VALIDÉ'));
      // Every student got the same document.
      for (const m of peer.received) expect(Buffer.compare(m.parsed.attachments[0].content, pdf.content)).toBe(0);
    });

    it('refuse plusieurs demandes : statut 3, aucun courriel', async () => {
      await seed([
        { email: 'ana@example.fr', date: '2026-01-10T09:00:00Z' },
        { email: 'bruno@example.fr', date: '2026-01-11T09:00:00Z' },
        { email: 'chloe@example.fr', date: '2026-01-12T09:00:00Z' },
      ]);
      const ids = (await db().select({ id: etudiants.id }).from(etudiants)).map((r) => r.id);
      const res = await update({ selection: ids.slice(0, 2), action: 'refuser' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'success',
        message: M.refusees(2),
        traitees: ids.slice(0, 2).sort((a, b) => a - b),
        dejaValidees: [],
      });
      expect(Object.values(await statuts()).sort()).toEqual([1, 3, 3]);
      expect(await db().$count(mailOutbox)).toBe(0);
      expect(await t.mail.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
      const one = await update({ selection: [ids[2]], action: 'refuser' });
      expect(one.json().message).toBe('1 demande refusée.');
    });

    it('refuse toute la sélection quand un identifiant est inconnu, en nommant chaque demande introuvable', async () => {
      const ids = await seed([
        { email: 'ana@example.fr', date: '2026-01-10T09:00:00Z' },
        { email: 'bruno@example.fr', date: '2026-01-11T09:00:00Z' },
      ]);
      for (const action of ['valider', 'refuser']) {
        const res = await update({ selection: [999_999, ...ids, 888_888], action });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          status: 'error',
          message:
            "2 demandes sélectionnées sont introuvables (n° 888888 ; n° 999999) : elles ont peut-être été supprimées entre-temps. Aucune demande n'a été modifiée ; rechargez la liste.",
          errors: [
            {
              key: 'selection',
              error: 'La demande n° 888888 est introuvable : elle a peut-être été supprimée entre-temps.',
            },
            {
              key: 'selection',
              error: 'La demande n° 999999 est introuvable : elle a peut-être été supprimée entre-temps.',
            },
          ],
        });
      }
      // Rows sent as the table holds them: the e-mail it showed names the request that is gone.
      const one = await update({
        selection: [
          { id: ids[0], email: 'ana@example.fr' },
          { id: 777, email: 'disparu@example.fr' },
        ],
        action: 'refuser',
      });
      expect(one.statusCode).toBe(404);
      expect(one.json()).toEqual({
        status: 'error',
        message:
          "Une demande sélectionnée est introuvable (n° 777, disparu@example.fr) : elle a peut-être été supprimée entre-temps. Aucune demande n'a été modifiée ; rechargez la liste.",
        errors: [
          {
            key: 'selection',
            error:
              'La demande n° 777 (disparu@example.fr) est introuvable : elle a peut-être été supprimée entre-temps.',
          },
        ],
      });
      // An e-mail that is not text is ignored, not refused: the id is what counts.
      const odd = await update({ selection: [{ id: 777, email: 42 }], action: 'valider' });
      expect(odd.statusCode).toBe(404);
      expect(odd.json().errors).toEqual([
        { key: 'selection', error: 'La demande n° 777 est introuvable : elle a peut-être été supprimée entre-temps.' },
      ]);
      expect(await statuts()).toEqual({ 'ana@example.fr': 1, 'bruno@example.fr': 1 });
      expect(await db().$count(mailOutbox)).toBe(0);
      expect(await db().$count(mailAttachments)).toBe(0);
    });

    it.each([
      ['action', { action: 'supprimer' }, M.actionInconnue],
      ['action', { action: undefined }, M.actionInconnue],
      ['selection', { selection: [] }, M.selectionVide],
      ['selection', { selection: undefined }, M.selectionVide],
      ['selection', { selection: ['un'] }, M.selectionVide],
      ['selection', { selection: [{ email: 'x@example.fr' }] }, M.selectionVide],
      ['selection', { selection: Array.from({ length: 101 }, (_, i) => i + 1) }, 'Au plus 100 demandes à la fois.'],
    ])('refuse une %s invalide (%j) sans rien changer', async (key, change, error) => {
      const ids = await seed([{ email: 'ana@example.fr', date: '2026-01-10T09:00:00Z' }]);
      const res = await update({ selection: ids, action: 'valider', ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', errors: [{ key, error }] });
      expect(await statuts()).toEqual({ 'ana@example.fr': 1 });
      expect(await db().$count(mailOutbox)).toBe(0);
    });

    it('ne refuse pas des demandes déjà validées (la liste est partie) : rien ne change, et l’erreur nomme chacune', async () => {
      const [ana, bruno, chloe] = await seed([
        { email: 'ana@example.fr', date: '2026-01-10T09:00:00Z' },
        { email: 'bruno@example.fr', date: '2026-01-11T09:00:00Z', statutId: 2 },
        { email: 'chloe@example.fr', date: '2026-01-12T09:00:00Z', statutId: 2 },
      ]);
      const res = await update({ selection: [chloe, ana, bruno], action: 'refuser' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 'error',
        message: `Refus impossible : 2 demandes sélectionnées ont déjà été validées et leur liste des logements remise à l’envoi (n° ${bruno}, bruno@example.fr ; n° ${chloe}, chloe@example.fr). Retirez-les de la sélection ; aucune demande n'a été modifiée.`,
        errors: [
          {
            key: 'selection',
            error: `La demande n° ${bruno} (bruno@example.fr) a déjà été validée et sa liste des logements remise à l’envoi : elle ne peut plus être refusée.`,
          },
          {
            key: 'selection',
            error: `La demande n° ${chloe} (chloe@example.fr) a déjà été validée et sa liste des logements remise à l’envoi : elle ne peut plus être refusée.`,
          },
        ],
      });
      expect(await statuts()).toEqual({ 'ana@example.fr': 1, 'bruno@example.fr': 2, 'chloe@example.fr': 2 });
      expect(await db().$count(mailOutbox)).toBe(0);
      const single = await update({ selection: [bruno], action: 'refuser' });
      expect(single.json().message).toBe(
        `Refus impossible : une demande sélectionnée a déjà été validée et sa liste des logements remise à l’envoi (n° ${bruno}, bruno@example.fr). Retirez-les de la sélection ; aucune demande n'a été modifiée.`,
      );
    });

    it('au-delà de cinq demandes en cause, le message en nomme cinq et compte les autres ; errors les nomme toutes', async () => {
      const ids = await seed(
        Array.from({ length: 7 }, (_, i) => ({ email: `v${i}@example.fr`, date: '2026-01-10T09:00:00Z', statutId: 2 })),
      );
      const res = await update({ selection: ids, action: 'refuser' });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      const named = ids.slice(0, 5).map((id, i) => `n° ${id}, v${i}@example.fr`);
      expect(body.message).toBe(
        `Refus impossible : 7 demandes sélectionnées ont déjà été validées et leur liste des logements remise à l’envoi (${named.join(' ; ')} et 2 autres). Retirez-les de la sélection ; aucune demande n'a été modifiée.`,
      );
      expect(body.errors.map((e: { error: string }) => e.error.match(/\((v\d)@/)?.[1])).toEqual(
        ids.map((_, i) => `v${i}`),
      );
    });

    it('valider une sélection mêlée : les demandes déjà validées restent telles quelles et ne reçoivent pas de second courriel', async () => {
      const [ana, bruno, chloe] = await seed([
        { email: 'ana@example.fr', date: '2026-01-10T09:00:00Z' },
        { email: 'bruno@example.fr', date: '2026-01-11T09:00:00Z', statutId: 2 },
        { email: 'chloe@example.fr', date: '2026-01-12T09:00:00Z', statutId: 3 },
      ]);
      const res = await update({ selection: [ana, bruno, chloe], action: 'valider' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'success',
        message:
          "2 demandes validées : la liste des logements sera envoyée par courriel à chaque étudiant dans quelques instants (suivi dans « Courriels »). 1 demande était déjà validée : elle n'a pas été modifiée et aucun courriel ne lui a été renvoyé.",
        traitees: [ana, chloe],
        dejaValidees: [bruno],
      });
      expect(await statuts()).toEqual({ 'ana@example.fr': 2, 'bruno@example.fr': 2, 'chloe@example.fr': 2 });
      expect((await db().select({ to: mailOutbox.to }).from(mailOutbox)).map((m) => m.to).sort()).toEqual([
        'ana@example.fr',
        'chloe@example.fr',
      ]);

      // The same selection once more: nothing left to do, no mail.
      const again = await update({ selection: [ana, bruno, chloe], action: 'valider' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({
        status: 'success',
        message:
          "Aucune demande validée. 3 demandes étaient déjà validées : elles n'ont pas été modifiées et aucun courriel ne leur a été renvoyé.",
        traitees: [],
        dejaValidees: [ana, bruno, chloe],
      });
      expect(await db().$count(mailOutbox)).toBe(2);
      expect(await t.mail.drain()).toEqual({ sent: 2, retried: 0, failed: 0 });
      expect(peer.received.map((m) => m.envelope.to[0]).sort()).toEqual(['ana@example.fr', 'chloe@example.fr']);
    });

    it('deux agents qui valident en même temps des sélections qui se recouvrent : un seul courriel par étudiant', async () => {
      const ids = await seed(
        Array.from({ length: 6 }, (_, i) => ({ email: `e${i}@example.fr`, date: `2026-01-1${i}T09:00:00Z` })),
      );
      const first = ids.slice(0, 4);
      const second = ids.slice(2);
      const [a, b] = (
        await Promise.all([
          update({ selection: first, action: 'valider' }),
          update({ selection: second, action: 'valider' }),
        ])
      ).map((r) => {
        expect(r.statusCode).toBe(200);
        return r.json() as { traitees: number[]; dejaValidees: number[] };
      });
      // Each overlapping row was validated by exactly one of them, and left alone by the other.
      expect([...a.traitees, ...b.traitees].sort((x, y) => x - y)).toEqual(ids);
      expect([...a.dejaValidees, ...b.dejaValidees].sort((x, y) => x - y)).toEqual(ids.slice(2, 4));
      expect(await db().$count(mailOutbox)).toBe(6);
      const to = (await db().select({ to: mailOutbox.to }).from(mailOutbox)).map((m) => m.to).sort();
      expect(to).toEqual(ids.map((_, i) => `e${i}@example.fr`));
    });

    describeOn('postgres', 'verrous de ligne', () => {
      it('la seconde validation attend le verrou puis relit le statut : aucun second courriel', async () => {
        const ids = await seed([
          { email: 'ana@example.fr', date: '2026-01-10T09:00:00Z' },
          { email: 'bruno@example.fr', date: '2026-01-11T09:00:00Z' },
        ]);
        // Another connection holds the rows: both actions queue behind it, having read nothing yet.
        let release!: () => void;
        const released = new Promise<void>((r) => {
          release = r;
        });
        let locked!: () => void;
        const holding = new Promise<void>((r) => {
          locked = r;
        });
        const held = db().transaction(async (tx) => {
          await tx.select().from(etudiants).where(inArray(etudiants.id, ids)).for('update');
          locked();
          await released;
        });
        await holding;
        const both = Promise.all([
          update({ selection: ids, action: 'valider' }),
          update({ selection: ids, action: 'valider' }),
        ]);
        await expect
          .poll(
            async () => {
              const res = (await db().execute(
                sql`select count(*)::int as n from pg_stat_activity
                    where wait_event_type = 'Lock' and datname = current_database()`,
              )) as unknown as { rows: { n: number }[] };
              return res.rows[0].n;
            },
            { timeout: 15_000 },
          )
          .toBe(2);
        release();
        await held;
        const answers = (await both).map((r) => r.json());
        expect(answers.map((a) => a.traitees.length).sort()).toEqual([0, 2]);
        expect(answers.map((a) => a.dejaValidees.length).sort()).toEqual([0, 2]);
        expect(await db().$count(mailOutbox)).toBe(2);
      });
    });

    it('sans offre validée, envoie quand même la liste, qui le dit clairement', async () => {
      await db()
        .insert(inscriptions)
        .values([offer(1, 'ENATTENTE')]);
      const ids = await seed([{ email: 'ana@example.fr', date: '2026-01-10T09:00:00Z' }]);
      expect((await update({ selection: ids, action: 'valider' })).statusCode).toBe(200);
      await t.mail.drain();
      expect(peer.received).toHaveLength(1);
      expect(peer.received[0].parsed.text).toContain('Aucune offre de logement privé');
      const text = pdfText(peer.received[0].parsed.attachments[0].content).replace(/\s+/g, ' ');
      expect(text).toContain("Aucune offre de logement n'est disponible pour le moment.");
      expect(text).not.toContain('ENATTENTE');
    });
  });
});
