import { MESSAGES } from '@guichet/contract';
import { describe, expect, it } from 'vitest';
import { contractProblem } from '../../test/contract-check.ts';
import { json } from '../../test/fake-server.ts';

/** The fake server's check (web/test/contract-check.ts): what makes a component test fail. */
const mail = {
  id: 3,
  date: '2026-09-01T08:00:00.000Z',
  destinataire: 'etudiant3@exemple.fr',
  objet: 'Liste des logements privés',
  type: 'liste_logements',
  statut: 'sent',
  tentatives: 1,
  derniereErreur: null,
  dateEnvoi: '2026-09-01T08:00:05.000Z',
  entite: 'etudiant',
  entiteId: 3,
};
const LIST = '/api/admin/courriels/get/list/by/filters?page=0';
const problem = (method: string, url: string, res: Response) => contractProblem(method, url, res);

describe('réponses du faux serveur tenues au contrat', () => {
  it('une réponse que le serveur enverrait passe, dates en texte ISO', async () => {
    expect(await problem('GET', LIST, json(200, { count: 1, courriels: [mail] }))).toBeNull();
    expect(
      await problem(
        'GET',
        '/api/admin/courriel/get/3',
        json(200, { courriel: { ...mail, texte: 'Bonjour', piecesJointes: [], derniereErreurBrute: null } }),
      ),
    ).toBeNull();
  });

  it('un champ manquant, en trop, ou une date qui n’est pas celle du serveur fait échouer', async () => {
    const { statut: _, ...sansStatut } = mail;
    expect(await problem('GET', LIST, json(200, { count: 1, courriels: [sansStatut] }))).toMatch(
      /courriels\[0\]\.statut/,
    );
    expect(await problem('GET', LIST, json(200, { count: 1, courriels: [{ ...mail, lu: true }] }))).toMatch(/lu/);
    expect(await problem('GET', LIST, json(200, { count: 1, courriels: [{ ...mail, date: '2026-09-01' }] }))).toMatch(
      /courriels\[0\]\.date/,
    );
  });

  it('un refus suit la forme d’erreur du serveur, déclarée ou non (403, 500)', async () => {
    const refus = { status: 'error', message: MESSAGES.erreurServeur, errors: [] };
    expect(await problem('GET', LIST, json(500, refus))).toBeNull();
    expect(await problem('GET', LIST, json(403, { message: 'Accès refusé' }))).toMatch(/403/);
    expect(
      await problem('GET', '/api/admin/courriel/get/3', json(404, { status: 'error', message: 'Introuvable' })),
    ).toMatch(/errors/);
  });

  it('un appel que le contrat ne déclare pas, ou un statut de succès qu’il ne prévoit pas, fait échouer', async () => {
    expect(await problem('GET', '/api/admin/courriels/inconnu', json(200, {}))).toMatch(/aucun point d’accès/);
    expect(await problem('POST', LIST, json(200, { count: 0, courriels: [] }))).toMatch(/aucun point d’accès/);
    expect(await problem('GET', LIST, json(201, { count: 0, courriels: [] }))).toMatch(/pas de réponse 201/);
  });
});
