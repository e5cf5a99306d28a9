import { logoSrc } from './logo-address.ts';
import styles from './partenaire-card.module.css';

export type CardData = { nom: string; lien: string; lienOffres: string; presentation: string; logo: string };

/** MUI's « OpenInNew » icon, drawn inline: no component to render for each link. */
const OPEN_IN_NEW =
  'M19 19H5V5h7V3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2v-7h-2zM14 3v2h3.59l-9.83 9.83 1.41 1.41L19 6.41V10h2V3z';

/** A link leaving the portal says so, in words as well as with the icon. */
export function ExternalLink({ href, children, tabIndex }: { href: string; children: string; tabIndex?: number }) {
  return (
    <a className={styles.external} href={href} target="_blank" rel="noopener noreferrer" tabIndex={tabIndex}>
      {children}
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={OPEN_IN_NEW} />
      </svg>
      <span className={styles.hidden}> (nouvelle fenêtre)</span>
    </a>
  );
}

/** A partner as the directory shows it: logo, name in capitals, website and offers, presentation. */
export function PartenaireCard({ p, headingLevel = 'h3' }: { p: CardData; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <article className={styles.card}>
      <div className={styles.logo}>
        <img src={logoSrc(p.logo)} alt={`Logo de ${p.nom}`} loading="lazy" />
      </div>
      <Heading className={styles.name}>{p.nom.toLocaleUpperCase('fr-FR')}</Heading>
      <div className={styles.links}>
        <ExternalLink href={p.lien}>{`Site web de ${p.nom}`}</ExternalLink>
        <ExternalLink href={p.lienOffres}>{`Offres étudiantes de ${p.nom}`}</ExternalLink>
      </div>
      <p className={styles.presentation}>{p.presentation}</p>
    </article>
  );
}
