import { Link as MuiLink, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MailLink, TelLink } from '../../components/office-contact.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { useSiteParams } from '../../lib/params.tsx';
import { paths } from '../../lib/paths.ts';

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Stack spacing={2} sx={{ maxWidth: 860, '& h2': { mt: 2 } }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

const H2 = ({ children }: { children: ReactNode }) => (
  <Typography variant="h5" component="h2">
    {children}
  </Typography>
);
const P = ({ children }: { children: ReactNode }) => <Typography>{children}</Typography>;

function Contact() {
  const p = useSiteParams();
  return (
    <P>
      {p.nomSite}, {p.adresseContact} — téléphone <TelLink phone={p.telephoneContact} /> — courriel{' '}
      <MailLink address={p.emailContact} />.
    </P>
  );
}

/** The RGAA 4.1 accessibility statement. */
export function AccessibilitePage() {
  const p = useSiteParams();
  return (
    <LegalPage title="Accessibilité">
      <P>
        {p.nomSite} s'engage à rendre son portail accessible conformément à l'article 47 de la loi n° 2005-102 du 11
        février 2005. Cette déclaration d'accessibilité s'applique au portail {p.nomSite}.
      </P>
      <H2>État de conformité</H2>
      <P>
        Le portail est <strong>partiellement conforme</strong> avec le référentiel général d'amélioration de
        l'accessibilité (RGAA), version 4.1, en raison des non-conformités et des dérogations énumérées ci-dessous.
        Aucun audit complet des 106 critères par un organisme indépendant n'a encore été réalisé : le taux de conformité
        n'est donc pas connu.
      </P>
      <H2>Ce qui est vérifié</H2>
      <Stack component="ul" sx={{ pl: 3, m: 0 }}>
        <li>
          Chaque page et chaque état (formulaires vides, avec erreurs, confirmations, tableaux vides et remplis, fiches,
          dialogues) est contrôlé par les tests automatisés du portail avec axe-core (règles WCAG 2.1 niveaux A et AA).
        </li>
        <li>
          L'inscription d'un logement, l'inscription d'un partenaire (logo compris), la demande d'un étudiant et la
          validation d'une demande par un agent se font entièrement au clavier ; le focus est visible ; à chaque étape
          de l'inscription d'un logement, le focus va au titre de l'étape.
        </li>
        <li>
          Les erreurs sont écrites sous leur champ et reliées à lui ; le focus va au premier champ à corriger ; les
          messages sont annoncés aux technologies d'assistance.
        </li>
        <li>
          Les pages publiques s'affichent sans défilement horizontal sur un écran de 360 pixels de large et avec un zoom
          de 200 % ; les statuts sont écrits en toutes lettres, la couleur ne porte jamais seule une information.
        </li>
      </Stack>
      <H2>Contenus non accessibles</H2>
      <Stack component="ul" sx={{ pl: 3, m: 0 }}>
        <li>
          Les logos des partenaires sont fournis par les partenaires eux-mêmes ; leur alternative textuelle reprend le
          nom du partenaire, sans décrire un éventuel texte du logo.
        </li>
        <li>
          Les messages de confirmation et les bandeaux d'erreur disparaissent après 3 ou 5 secondes (ils sont annoncés
          dès leur apparition, et les erreurs restent écrites sous les champs concernés).
        </li>
        <li>
          Les tableaux de l'espace agents (réservé au personnel) utilisent une grille de données : on y entre par une
          seule tabulation, puis on se déplace avec les flèches, ce qui diffère d'un tableau simple.
        </li>
        <li>
          Le portail n'a pas encore été testé avec des lecteurs d'écran (NVDA, JAWS, VoiceOver) ni avec des utilisateurs
          en situation de handicap.
        </li>
      </Stack>
      <H2>Établissement de cette déclaration</H2>
      <P>
        Cette déclaration a été établie en novembre 2026. Technologies utilisées : HTML, CSS, JavaScript (React).
        Vérifications : axe-core dans le navigateur Chromium, parcours au clavier seul, affichage à 360 pixels de large
        et avec un zoom de 200 %.
      </P>
      <H2>Retour d'information et contact</H2>
      <P>
        Si vous n'arrivez pas à accéder à un contenu ou à un service, contactez-nous pour être orienté vers une
        alternative :
      </P>
      <Contact />
      <H2>Voies de recours</H2>
      <P>
        Si vous nous avez signalé un défaut d'accessibilité qui vous empêche d'accéder à un contenu ou à un service du
        portail et que vous n'avez pas obtenu de réponse satisfaisante, vous pouvez écrire un message au Défenseur des
        droits (formulaire en ligne sur le site du Défenseur des droits), contacter le délégué du Défenseur des droits
        dans votre région, ou envoyer un courrier gratuit, sans affranchissement, à : Défenseur des droits, Libre
        réponse 71120, 75342 Paris CEDEX 07.
      </P>
    </LegalPage>
  );
}

export function MentionsLegalesPage() {
  const p = useSiteParams();
  return (
    <LegalPage title="Mentions légales">
      <H2>Éditeur</H2>
      <Contact />
      <H2>Hébergement</H2>
      <P>
        Le portail est hébergé sur les serveurs de l'éditeur ou de son prestataire, sur le territoire de l'Union
        européenne.
      </P>
      <H2>Contenus</H2>
      <P>
        Les offres de logement sont publiées sous la responsabilité de leurs propriétaires ; les informations des
        partenaires sous celle des partenaires. {p.nomSite} vérifie chaque offre et chaque partenaire avant publication
        mais ne peut garantir l'exactitude de leurs informations.
      </P>
      <H2>Données personnelles</H2>
      <P>
        Voir la page{' '}
        <MuiLink component={Link} to={paths.donneesPersonnelles}>
          Données personnelles
        </MuiLink>
        .
      </P>
    </LegalPage>
  );
}

const treatments: { title: string; data: string; why: string; who: string; how_long: string }[] = [
  {
    title: 'Proposer un logement (propriétaires)',
    data: 'nom, prénom, téléphone, adresse électronique, adresse, code postal, ville et caractéristiques du logement',
    why: 'vérifier l’offre puis la faire figurer dans la liste des logements privés envoyée aux étudiants qui la demandent : l’adresse complète du logement (rue, code postal et ville) et sa description, avec votre nom, téléphone et courriel pour qu’ils vous contactent, et la date de validation de l’offre par le guichet',
    who: 'les agents du guichet ; une fois l’offre validée, les étudiants qui reçoivent la liste',
    how_long:
      'tant que l’offre est en attente d’examen ou publiée ; une offre refusée ou archivée (louée, retirée, expirée) est supprimée un an (365 jours) après sa dernière activité : dépôt, refus, archivage ou réponse du propriétaire ; la copie de la liste envoyée par courriel aux étudiants est effacée de nos serveurs un an après chaque envoi',
  },
  {
    title: 'Demander la liste des logements (étudiants)',
    data: 'adresse électronique, code postal, ville et école envisagée',
    why: 'vous envoyer la liste des logements privés et établir des statistiques anonymes sur les demandes',
    who: 'les agents du guichet',
    how_long:
      'votre demande est supprimée un an (365 jours) après son envoi, qu’elle ait été traitée ou non ; le courriel qui vous apporte la liste est effacé de nos serveurs un an après son envoi',
  },
  {
    title: 'Devenir partenaire (organismes)',
    data: 'informations publiques de l’organisme, coordonnées et identité, fonction, téléphone et courriel du représentant',
    why: 'présenter l’organisme dans l’annuaire (seules les informations publiques y figurent) et lui demander chaque année de confirmer ses informations',
    who: 'les agents du guichet ; le public pour les seules informations publiques',
    how_long:
      'tant que le partenariat dure (inscription en attente, validée ou archivée) ; une inscription refusée est supprimée, avec son logo, un an (365 jours) après sa dernière modification : inscription, mise à jour des informations ou envoi du lien annuel',
  },
];

export function DonneesPersonnellesPage() {
  return (
    <LegalPage title="Données personnelles">
      <P>
        Le responsable du traitement est le guichet numérique étudiant. Les traitements reposent sur l'exécution d'une
        mission d'intérêt public (accompagnement des étudiants) et sur votre démarche volontaire.
      </P>
      {treatments.map((t) => (
        <Stack key={t.title} component="section" spacing={1}>
          <H2>{t.title}</H2>
          <P>
            <strong>Données recueillies :</strong> {t.data}.
          </P>
          <P>
            <strong>Pourquoi :</strong> {t.why}.
          </P>
          <P>
            <strong>Qui les voit :</strong> {t.who}.
          </P>
          <P>
            <strong>Combien de temps :</strong> {t.how_long}.
          </P>
        </Stack>
      ))}
      <P>
        Chaque action des agents sur ces données (validation, refus, modification, export) est inscrite dans un journal
        réservé aux administrateurs du guichet, avec les valeurs avant et après : ces lignes sont supprimées un an (365
        jours) après l'action.
      </P>
      <H2>Vos droits</H2>
      <P>
        Vous pouvez accéder à vos données, les faire rectifier ou effacer, vous opposer à leur traitement ou en demander
        la limitation, en écrivant au guichet :
      </P>
      <Contact />
      <P>
        Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez adresser une
        réclamation à la CNIL.
      </P>
      <H2>Cookies</H2>
      <P>
        Le portail ne dépose aucun cookie de mesure d'audience ni de publicité. Seul l'espace agents utilise un cookie
        de session, strictement nécessaire, supprimé à la déconnexion.
      </P>
    </LegalPage>
  );
}
