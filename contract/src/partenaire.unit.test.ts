import { describe, expect, it } from 'vitest';
import { toFieldErrors } from './common.ts';
import { FIELD_MESSAGES } from './messages.ts';
import {
  LOGO_MAX_BYTES,
  LOGO_MIME,
  normalizeLink,
  PARTENAIRE_FIELD_KEYS,
  PARTENAIRE_LABELS,
  PARTENAIRE_MAX,
  PARTENAIRE_MESSAGES,
  partenaireAdminUpdateSchema,
  partenaireDataSchema,
  partenaireFieldsSchema,
  partenairePublicQuerySchema,
} from './partenaire.ts';
import { STATUT, STATUT_IDS } from './reference.ts';
import { PHONE_INPUT_MAX } from './telephone.ts';

describe('liens des partenaires (normaliseur partagé par le formulaire et le serveur)', () => {
  it('coupe les espaces et ajoute https:// quand aucun schéma n’est saisi', () => {
    expect(normalizeLink('  velo-campus.fr  ')).toBe('https://velo-campus.fr');
    expect(normalizeLink('www.velo-campus.fr/offres?x=1')).toBe('https://www.velo-campus.fr/offres?x=1');
    expect(normalizeLink('velo-campus.fr:8080/offres')).toBe('https://velo-campus.fr:8080/offres');
    expect(normalizeLink('//cdn.velo-campus.fr')).toBe('https://cdn.velo-campus.fr');
  });

  it('garde http et https tels quels', () => {
    expect(normalizeLink('http://velo-campus.fr')).toBe('http://velo-campus.fr');
    expect(normalizeLink('https://velo-campus.fr/a b'.replace(' ', '%20'))).toBe('https://velo-campus.fr/a%20b');
  });

  it('refuse les autres schémas, les hôtes sans domaine, les espaces et les identifiants', () => {
    for (const bad of [
      '',
      '   ',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>',
      'mailto:contact@velo-campus.fr',
      'ftp://velo-campus.fr',
      'file:///etc/passwd',
      'localhost',
      'velo campus.fr',
      'https://',
      'https://user:motdepasse@velo-campus.fr',
    ]) {
      expect(normalizeLink(bad), bad).toBeNull();
    }
  });

  it('le schéma du formulaire normalise les liens, met la ville en majuscules et nettoie les téléphones', () => {
    const parsed = partenaireFieldsSchema.pick({ lien: true, ville: true, telephone: true }).parse({
      lien: ' velo-campus.fr ',
      ville: 'sainte-savine',
      telephone: '03 25 00.00 01',
    });
    expect(parsed).toEqual({ lien: 'https://velo-campus.fr', ville: 'SAINTE-SAVINE', telephone: '0325000001' });
  });

  it('accepte filtres[]=…, un filtres=… seul, et aucun filtre', () => {
    expect(partenairePublicQuerySchema.parse({ filtres: ['3', '5'] })).toEqual({ filtres: [3, 5] });
    expect(partenairePublicQuerySchema.parse({ filtres: '7' })).toEqual({ filtres: [7] });
    expect(partenairePublicQuerySchema.parse({})).toEqual({});
    expect(partenairePublicQuerySchema.safeParse({ filtres: '11' }).success).toBe(false);
  });
});

describe('champs vides des partenaires', () => {
  it('un code postal ou un téléphone vide est « obligatoire », pas « invalide »', () => {
    const r = partenaireFieldsSchema.pick({ cp: true, telephone: true }).safeParse({ cp: '', telephone: ' ' });
    // The first message of each field is the one shown (toFieldErrors).
    expect(r.success ? [] : toFieldErrors(r.error.issues)).toEqual([
      { key: 'cp', error: 'Ce champ est obligatoire.' },
      { key: 'telephone', error: 'Ce champ est obligatoire.' },
    ]);
  });
});

describe('la table des champs des partenaires', () => {
  const keys = [
    'nom',
    'lien',
    'lienOffres',
    'presentation',
    'logo',
    'nomComplet',
    'adresse',
    'cp',
    'ville',
    'telephone',
    'mail',
    'civiliteR',
    'nomR',
    'prenomR',
    'fonctionR',
    'telephoneR',
    'mailR',
  ];

  it('donne les champs dans l’ordre des formulaires, pour la saisie comme pour les données enregistrées', () => {
    expect(PARTENAIRE_FIELD_KEYS).toEqual(keys);
    expect(Object.keys(partenaireFieldsSchema.shape)).toEqual(keys);
    expect(Object.keys(partenaireDataSchema.shape)).toEqual(keys);
    expect(Object.keys(PARTENAIRE_LABELS)).toEqual(keys);
    expect(partenaireDataSchema.parse(Object.fromEntries(keys.map((k) => [k, 'x'])))).toEqual(
      Object.fromEntries(keys.map((k) => [k, 'x'])),
    );
  });

  it('garde les libellés et la largeur des colonnes des champs saisis', () => {
    expect(PARTENAIRE_LABELS).toMatchObject({
      nom: 'Nom du partenaire',
      logo: 'Logo',
      civiliteR: 'Civilité du représentant',
      mailR: 'Courriel du représentant',
    });
    expect(PARTENAIRE_MAX).toEqual({
      nom: 150,
      lien: 500,
      lienOffres: 500,
      presentation: 255,
      nomComplet: 255,
      adresse: 255,
      cp: 5,
      ville: 100,
      telephone: PHONE_INPUT_MAX,
      mail: 180,
      nomR: 100,
      prenomR: 100,
      fonctionR: 150,
      telephoneR: PHONE_INPUT_MAX,
      mailR: 180,
    });
    const shape = partenaireFieldsSchema.shape;
    for (const key of ['nom', 'presentation', 'nomComplet', 'adresse', 'ville', 'nomR', 'fonctionR'] as const) {
      const max = PARTENAIRE_MAX[key];
      expect(shape[key].safeParse('a'.repeat(max)).success, key).toBe(true);
      expect(shape[key].safeParse('a'.repeat(max + 1)).error?.issues[0].message, key).toBe(
        FIELD_MESSAGES.tropLong(max),
      );
    }
  });

  it('un code postal trop long est « 5 chiffres », pas « trop long »', () => {
    const r = partenaireFieldsSchema.shape.cp.safeParse('123456');
    expect(r.error?.issues.map((i) => i.message)).toEqual([FIELD_MESSAGES.cp]);
  });

  it('le statut d’un partenaire est l’un des quatre ; validé, il lui faut une catégorie et un filtre', () => {
    const partenaire = {
      ...Object.fromEntries(keys.map((k) => [k, 'Vélo Campus'])),
      lien: 'velo-campus.fr',
      lienOffres: 'velo-campus.fr/offres',
      logo: `${'a'.repeat(32)}.png`,
      cp: '10000',
      telephone: '0325000001',
      telephoneR: '0612345678',
      mail: 'contact@velo-campus.fr',
      mailR: 'direction@velo-campus.fr',
      civiliteR: 'Madame',
      actif: true,
    };
    const errorsOf = (statut: unknown) => {
      const r = partenaireAdminUpdateSchema.shape.partenaire.safeParse({ ...partenaire, statut });
      return r.success ? [] : toFieldErrors(r.error.issues);
    };
    expect(errorsOf(STATUT.valide)).toEqual([
      { key: 'categorie', error: PARTENAIRE_MESSAGES.categorieObligatoire },
      { key: 'filtre', error: PARTENAIRE_MESSAGES.filtreObligatoire },
    ]);
    for (const statut of STATUT_IDS.filter((s) => s !== STATUT.valide)) expect(errorsOf(statut)).toEqual([]);
    for (const statut of [0, 5]) expect(errorsOf(statut)).toEqual([{ key: 'statut', error: FIELD_MESSAGES.choix }]);
  });

  it('un logo est un JPEG ou un PNG de 3 Mo au plus', () => {
    expect(LOGO_MAX_BYTES).toBe(3 * 1024 * 1024);
    expect([...LOGO_MIME].sort()).toEqual(['image/jpeg', 'image/png']);
  });
});
