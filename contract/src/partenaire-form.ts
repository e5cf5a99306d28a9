/**
 * What the partner forms show before any check: labels, limits, lists, messages and the link's
 * normalization. Free of zod (`@guichet/contract/forms`): the registration's first screen needs
 * them, its schema comes after (partenaire.ts builds `partenaireFieldsSchema` from these values).
 */
import { PHONE_INPUT_MAX } from './telephone-form.ts';

/** Partners (docs/spec/portal-spec.md §2, §3, §5; docs/spec/decisions.md §2–§5). */
export const CIVILITES = ['Madame', 'Monsieur'] as const;
/** The two desks a partner registers with (`?desk=`, docs/spec/decisions.md §2). */
export const PARTENAIRE_TYPES = ['guichet', 'logement'] as const;
export type PartenaireType = (typeof PARTENAIRE_TYPES)[number];
export const PARTENAIRE_TYPE_LABELS = { guichet: 'Guichet unique étudiant', logement: 'Logement étudiant' } as const;

/** Logo: JPEG or PNG, 3 MB at most (docs/spec/portal-spec.md §5, §9); the server's upload limit and the form's check. */
export const LOGO_MAX_BYTES = 3 * 1024 * 1024;
/** The types a logo file may declare (the server still decodes it to know what it is). */
export const LOGO_MIME = ['image/jpeg', 'image/png'] as const;

export const PARTENAIRE_MESSAGES = {
  inscriptionEnregistree:
    'Votre inscription a bien été enregistrée. Elle sera examinée par le guichet avant sa publication dans l’annuaire des partenaires.',
  logoObligatoire: 'Veuillez ajouter votre logo.',
  logoInconnu: 'Ce logo est introuvable : veuillez le téléverser à nouveau.',
  logoQuotaAdresse:
    'Trop de logos envoyés depuis votre connexion aujourd’hui. Veuillez réessayer demain, ou contacter le guichet.',
  logoQuotaTotal: 'L’envoi de logos est momentanément indisponible. Veuillez réessayer dans quelques heures.',
  civilite: 'Veuillez choisir Madame ou Monsieur.',
  categorieObligatoire: 'Veuillez choisir une catégorie pour un partenaire validé.',
  filtreObligatoire: 'Veuillez choisir un filtre pour un partenaire validé.',
  categorieInconnue: 'Cette catégorie n’existe pas.',
  filtreInconnu: 'Ce filtre n’existe pas.',
  infosConfirmees: 'Merci, vos informations sont confirmées pour cette année.',
  modificationsEnvoyees:
    'Merci, vos modifications ont été transmises au guichet. Elles seront publiées après vérification.',
  /** Queued, not sent yet: « Courriels » shows when it goes (or why it does not). */
  mailEnvoye: 'Le mail de renouvellement sera envoyé dans quelques instants (suivi dans « Courriels »).',
  modificationsValidees: 'Les modifications du partenaire ont été validées.',
  modificationsRefusees: 'Les modifications du partenaire ont été refusées.',
  modificationsEnAttente: 'Ce partenaire a des modifications en attente : validez-les ou refusez-les d’abord.',
  aucuneModification: 'Ce partenaire n’a pas de modification en attente.',
  /** The answer to a new renewal link asked for by address: the same whether the address is known or not. */
  lienDemande:
    'Si un partenaire publié ou en attente de validation est enregistré avec cette adresse, un nouveau lien personnel va lui être envoyé par courriel dans quelques instants.',
  renouvellementNonValide:
    'Ce partenaire n’est pas validé : le mail de renouvellement ne s’envoie qu’aux partenaires validés (comme pour la campagne).',
} as const;

/**
 * A refused logo: the spec's sentence, then what was received, e.g. « (fichier reçu : GIF, 3,4 Mo) ».
 * `format`: what the bytes are (or the file's type as the browser sees it); `bytes`: its size,
 * `plus`: the size is at least that (the upload was cut at the limit).
 */
export function logoErreurDetail(message: string, recu: { format: string; bytes: number; plus?: boolean }): string {
  const mo = (recu.bytes / (1024 * 1024)).toLocaleString('fr-FR', { maximumFractionDigits: 1 });
  const taille =
    recu.bytes < 1024
      ? `${recu.bytes} octets`
      : recu.bytes < 1024 * 1024
        ? `${Math.round(recu.bytes / 1024)} Ko`
        : `${mo} Mo`;
  return `${message} (fichier reçu : ${recu.format}, ${recu.plus ? 'plus de ' : ''}${taille})`;
}

/** A file's format by its first bytes, as the logo checks name it (JPEG, PNG, GIF…), or « format inconnu ». */
export function logoFormatRecu(head: Uint8Array): string {
  const starts = (...b: number[]) => b.every((v, i) => head[i] === v);
  const ascii = (from: number, text: string) => [...text].every((c, i) => head[from + i] === c.charCodeAt(0));
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'PNG';
  if (starts(0xff, 0xd8, 0xff)) return 'JPEG';
  if (ascii(0, 'GIF8')) return 'GIF';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'WebP';
  if (ascii(0, 'BM')) return 'BMP';
  if (ascii(0, '%PDF')) return 'PDF';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'TIFF';
  if (ascii(4, 'ftyp')) return 'HEIC/AVIF';
  const start = new TextDecoder().decode(head.subarray(0, 256)).trimStart().toLowerCase();
  if (start.startsWith('<svg') || (start.startsWith('<?xml') && start.includes('<svg'))) return 'SVG';
  return 'format inconnu';
}

/**
 * The partner's own fields as every partner form labels them, in its order (all required,
 * docs/spec/portal-spec.md §5); also the review table's and the export's headers.
 */
export const PARTENAIRE_LABELS = {
  nom: 'Nom du partenaire',
  lien: 'Site web',
  lienOffres: 'Lien vers les offres étudiantes',
  presentation: 'Présentation',
  logo: 'Logo',
  nomComplet: 'Raison sociale',
  adresse: 'Adresse',
  cp: 'Code postal',
  ville: 'Ville',
  telephone: 'Téléphone',
  mail: 'Courriel de contact',
  civiliteR: 'Civilité du représentant',
  nomR: 'Nom du représentant',
  prenomR: 'Prénom du représentant',
  fonctionR: 'Fonction du représentant',
  telephoneR: 'Téléphone du représentant',
  mailR: 'Courriel du représentant',
} as const satisfies Record<string, string>;
export type PartenaireFieldKey = keyof typeof PARTENAIRE_LABELS;
/** The field names, in the forms' order. */
export const PARTENAIRE_FIELD_KEYS = Object.keys(PARTENAIRE_LABELS) as PartenaireFieldKey[];

/**
 * The width of each typed field's column in the `partenaires` table (phones: the typed length,
 * stored as 10 digits): the input stops there and the check refuses beyond.
 */
export const PARTENAIRE_MAX = {
  nom: 150,
  lien: 500,
  lienOffres: 500,
  presentation: 255,
  nomComplet: 255,
  adresse: 255,
  // The input stops at 5; a longer value sent anyway is answered "5 chiffres", not "too long".
  cp: 5,
  ville: 100,
  telephone: PHONE_INPUT_MAX,
  mail: 180,
  nomR: 100,
  prenomR: 100,
  fonctionR: 150,
  telephoneR: PHONE_INPUT_MAX,
  mailR: 180,
} satisfies Partial<Record<PartenaireFieldKey, number>>;

/**
 * Website and offer links (docs/spec/portal-spec.md §5 "normaliser"): trimmed, `https://` added when no scheme is
 * typed, then only http(s) URLs with a dotted host name are kept. Returns null when refused.
 */
export function normalizeLink(raw: string): string | null {
  let s = raw.trim();
  if (!s || /\s/.test(s)) return null;
  if (s.startsWith('//')) s = `https:${s}`;
  // A scheme is letters before ':' with no dot ("example.fr:8080" is a host and port, not a scheme).
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(s);
  if (!scheme || scheme[1].includes('.')) s = `https://${s}`;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!/^[^.]+(\.[^.]+)+$/.test(url.hostname) || url.username || url.password) return null;
  return s;
}
