import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerIfStale } from '../../scripts/build-server.mjs';
import { dbKind } from '../test/harness.ts';
import { processStorage } from '../test/process-storage.ts';
import { adminCookie, type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { type SmtpPeer, startSmtpPeer } from '../test/smtp-peer.ts';
import { multipart, pngLogo, validPartenaire } from './features/partenaires/partenaires.fixtures.ts';

/**
 * What `npm start` and the image run is the bundle, which carries most dependencies inside it and
 * leaves a few in node_modules (scripts/build-server.mjs, EXTERNAL); the other tests run the sources.
 * This one starts the bundle as `npm start` does and goes through each path where a dependency reads
 * files beside its code or is loaded at first use: a dependency that cannot live in the bundle fails here.
 */
describe(`le paquet du serveur, tel que \`npm start\` le lance (${dbKind})`, () => {
  let store: Awaited<ReturnType<typeof processStorage>>;
  let peer: SmtpPeer;
  let server: ServerProcess;
  let cookie: string;
  const get = (p: string, headers: Record<string, string> = {}) => fetch(`${server.base}${p}`, { headers });
  const send = (method: string, p: string, body: unknown) =>
    fetch(`${server.base}${p}`, {
      method,
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    await buildServerIfStale(() => {});
    store = await processStorage('guichet-paquet-');
    peer = await startSmtpPeer();
    server = await startServerProcess({ ...store.env, SMTP_URL: peer.url }, 'bundle', {
      nodeFlags: ['--enable-source-maps'],
    });
    cookie = await adminCookie(server.base);
  }, 120_000);
  afterAll(async () => {
    if (server) expect(await server.kill('SIGTERM')).toBe(0);
    await peer?.close();
    await store?.cleanup();
  });

  it('sert l’application web compressée, la documentation de l’API et ses fichiers', async () => {
    const home = await get('/', { 'accept-encoding': 'br, gzip' });
    expect(home.status).toBe(200);
    expect(home.headers.get('content-encoding')).toMatch(/br|gzip/);
    const html = await home.text();
    expect(html).toContain('<html lang="fr"');
    // The entry script the page names, cached for a year; the icon beside the page, revalidated.
    const entry = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    const script = await get(entry ?? '/assets/absent', { 'accept-encoding': 'br' });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-encoding')).toBe('br');
    expect(script.headers.get('cache-control')).toContain('immutable');
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');

    // The API's map is for staff.
    const spec = await get('/api/docs/json', { cookie });
    expect(spec.status).toBe(200);
    const { paths } = (await spec.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(paths)).toContain('/api/etudiant/add');
    const ui = await get('/api/docs/', { cookie });
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
    expect((await get('/api/docs/static/swagger-ui.css', { cookie })).status).toBe(200);
  });

  it('reçoit un logo (sharp) et enregistre un partenaire', async () => {
    const { payload, headers } = multipart('logo', 'logo.png', 'image/png', await pngLogo());
    const uploaded = await fetch(`${server.base}/api/logo/upload`, { method: 'POST', headers, body: payload });
    expect(uploaded.status).toBe(200);
    const { file } = (await uploaded.json()) as { file: string };
    expect(file).toMatch(/\.(png|webp)$/);
    expect((await get(`/api/file/download/${file}`)).status).toBe(200);
    const added = await send('POST', '/api/partenaire/add', validPartenaire(file));
    expect(added.status).toBe(200);
  });

  it('valide une demande étudiante : le courriel part avec la liste en PDF (pdfkit, nodemailer)', async () => {
    const email = `paquet.${dbKind}@example.fr`;
    const added = await send('POST', '/api/etudiant/add', { email, cp: '10000', ville: 'Troyes', ecole: 'UTT' });
    expect(added.status).toBe(200);
    const list = (await (await get('/api/admin/etudiants/get/list/by/filters', { cookie })).json()) as {
      etudiants: { id: number; email: string }[];
    };
    const row = list.etudiants.find((r) => r.email === email);
    const validated = await send('PUT', '/api/admin/etudiants/update', { selection: [row?.id], action: 'valider' });
    expect(validated.status).toBe(200);
    const deadline = Date.now() + 20_000;
    // The partner registered above has its receipt too: the student's mail is the one to this address.
    const toStudent = () => peer.received.find((m) => m.envelope.to.includes(email));
    while (!toStudent() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const mail = toStudent();
    expect(mail?.envelope.to).toEqual([email]);
    const [pdf] = mail?.parsed.attachments ?? [];
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
