/** Every sentence a user can read that both sides share (docs/spec/portal-spec.md §8). */
export const MESSAGES = {
  champsObligatoires: 'Veuillez renseigner les champs obligatoires',
  erreurEnregistrementInscription: "Une erreur est survenue durant l'enregistrement",
  erreurEtudiants: 'Une erreur est survenue.',
  agentObligatoire: 'Veuillez sélectionner un agent',
  partenaireIntrouvable: 'Partenaire introuvable.',
  partenaireIntrouvableToken: 'Partenaire introuvable',
  inscriptionIntrouvable: 'Inscription introuvable.',
  erreurEnregistrement: "Une erreur est survenue lors de l'enregistrement",
  erreurVerifierSaisie: "Une erreur est survenue lors de l'enregistrement, merci de vérifier votre saisie",
  erreurLogo: 'Veuillez vérifier le format ou le taille de votre logo',
  remplirTousLesChamps: 'Veuillez remplir tous les champs',
  erreur: 'Une erreur est survenue',
  accesNonAutorise: 'Accès non authorisé.',
  aucunEnregistrement: 'Aucun enregistrement trouvé',
  identifiantsIncorrects: 'Identifiant ou mot de passe incorrect.',
  tropDeTentatives: 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.',
  tropDeRequetes: 'Trop de demandes envoyées. Veuillez réessayer dans une minute.',
  requeteInvalide: 'La requête est invalide.',
  introuvable: 'Ressource introuvable.',
  origineRefusee: 'Requête refusée : origine non autorisée.',
  erreurServeur: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
  enregistrementReussi: 'Les modifications ont été enregistrées.',
} as const;

/** Field-level French messages used by the contract schemas. */
export const FIELD_MESSAGES = {
  obligatoire: 'Ce champ est obligatoire.',
  email: 'Veuillez saisir une adresse de courriel valide.',
  telephone: 'Veuillez saisir un numéro de téléphone français à 10 chiffres (par exemple 06 12 34 56 78).',
  cp: 'Veuillez saisir un code postal à 5 chiffres.',
  choix: 'Veuillez choisir une valeur dans la liste.',
  montant: 'Veuillez saisir un montant positif (par exemple 45.50).',
  url: 'Veuillez saisir une adresse web valide (http ou https).',
  tropLong: (max: number) => `Ce champ ne doit pas dépasser ${max} caractères.`,
  caractere: 'Ce champ contient un caractère non autorisé.',
  ligne: 'Ce champ doit tenir sur une seule ligne (pas de retour à la ligne ni de caractère de contrôle).',
  identifiant: 'Identifiant invalide.',
  date: 'Date invalide (AAAA-MM-JJ).',
} as const;

/** Banner durations (docs/spec/portal-spec.md §9). */
export const BANNER_MS = { erreur: 5000, succes: 3000 } as const;
