import { describe, expect, it } from 'vitest';
import { toFieldErrors } from './common.ts';
import { normalizeLink, partenaireFieldsSchema, partenairePublicQuerySchema } from './partenaire.ts';

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
