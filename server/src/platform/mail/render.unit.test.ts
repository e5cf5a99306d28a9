import { describe, expect, it } from 'vitest';
import { absoluteUrl, PERSONAL_LINK_MARKER, renderMail, withoutPersonalLinks } from './render.ts';

const params = {
  nomSite: 'Guichet numérique étudiant',
  emailContact: 'contact@guichet-etudiant.fr',
  telephoneContact: '01 23 45 67 89',
  adresseContact: '1 place de l’Université, 75005 Paris',
};

describe('renderMail', () => {
  const mail = renderMail({
    publicUrl: 'https://guichet.example.fr',
    params,
    title: 'Mise à jour de vos informations',
    paragraphs: ['Bonjour,', 'Le partenaire <b>Café & Co</b> "test"\nligne deux'],
    link: { label: 'Mettre à jour', href: '/update/partenaire/abc?x=1&y=2' },
  });

  it('échappe le HTML des textes fournis', () => {
    expect(mail.html).toContain('Le partenaire &lt;b&gt;Café &amp; Co&lt;/b&gt; &quot;test&quot;<br>ligne deux');
    expect(mail.html).not.toContain('<b>Café');
  });

  it('rend les liens absolus avec PUBLIC_URL, en HTML et en texte', () => {
    expect(mail.html).toContain('href="https://guichet.example.fr/update/partenaire/abc?x=1&amp;y=2"');
    expect(mail.text).toContain('Mettre à jour : https://guichet.example.fr/update/partenaire/abc?x=1&y=2');
  });

  it('met le nom du site et le bloc de contact en pied de message', () => {
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Guichet numérique étudiant');
      expect(body).toContain('contact@guichet-etudiant.fr');
      expect(body).toContain('01 23 45 67 89');
      expect(body).toContain('1 place de l’Université, 75005 Paris');
    }
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('href="mailto:contact@guichet-etudiant.fr"');
    expect(mail.text.indexOf('Bonjour,')).toBeLessThan(mail.text.indexOf('-- \nGuichet numérique étudiant'));
  });

  it('omet les lignes de contact vides et le lien absent', () => {
    const m = renderMail({
      publicUrl: 'http://localhost:3000',
      params: { ...params, telephoneContact: '' },
      title: 'T',
      paragraphs: ['P'],
    });
    expect(m.text).not.toContain('Téléphone');
    expect(m.html).not.toContain('Téléphone');
    expect(m.html).not.toContain('copiez cette adresse');
  });

  it('garde un lien déjà absolu et respecte un chemin dans PUBLIC_URL', () => {
    expect(absoluteUrl('https://ailleurs.fr/x', 'https://guichet.example.fr')).toBe('https://ailleurs.fr/x');
    expect(absoluteUrl('/update/partenaire/t', 'https://example.fr/guichet')).toBe(
      'https://example.fr/guichet/update/partenaire/t',
    );
  });

  it('un lien personnel est signalé au rendu, puis retiré du texte et du HTML stockés (forme échappée comprise)', () => {
    const href = '/logement/AbC-123_x?etape=1&y=2';
    const mail = renderMail({
      params,
      title: 'Votre logement',
      paragraphs: ['Bonjour'],
      link: { label: 'Ouvrir', href, personal: true },
      publicUrl: 'https://example.fr',
    });
    const link = `https://example.fr${href}`;
    expect(mail.personalLinks).toEqual([link]);
    const stored = withoutPersonalLinks(mail, mail.personalLinks ?? []);
    expect(`${stored.text}${stored.html}`).not.toContain('AbC-123_x');
    expect(stored.text).toContain(`Ouvrir : ${PERSONAL_LINK_MARKER}`);
    expect(stored.html).toContain(PERSONAL_LINK_MARKER);
    // A link that is not personal is kept.
    expect(
      renderMail({
        params,
        title: 't',
        paragraphs: [],
        link: { label: 'a', href: '/' },
        publicUrl: 'https://example.fr',
      }).personalLinks,
    ).toBeUndefined();
  });
});
