/**
 * A delivery error as agents read it: a French sentence, never the raw text (English, a server
 * path, a host and port). The raw text stays in the outbox, for the administrator only.
 */

/** How the dispatcher stores an error: nodemailer's code first (ESOCKET, EAUTH…) when the message lacks it. */
export function rawMailError(err: unknown): string {
  if (!(err instanceof Error)) return String(err).slice(0, 2000);
  const code = (err as { code?: unknown }).code;
  const text = typeof code === 'string' && !err.message.includes(code) ? `${code}: ${err.message}` : err.message;
  return text.slice(0, 2000);
}

const SMTP = 'Le serveur de messagerie';
/**
 * First match wins: the most precise causes come before the generic codes that carry them. An SMTP
 * reply code is a number followed by text or an enhanced code, so a port (`:587`) is not one.
 */
const RULES: [RegExp, string | ((m: RegExpMatchArray) => string)][] = [
  [/ECONNREFUSED/, `${SMTP} refuse la connexion : il est arrêté ou injoignable.`],
  [/ENOTFOUND|EAI_AGAIN|EDNS/, `L’adresse du serveur de messagerie est introuvable (nom inconnu ou DNS indisponible).`],
  [
    /ETIMEDOUT|timed? ?out|Greeting never received/i,
    `${SMTP} ne répond pas dans le délai : il est surchargé ou injoignable.`,
  ],
  [/EAUTH|Invalid login|\b535\b/, `${SMTP} refuse l’identifiant ou le mot de passe du portail.`],
  [
    /ETLS|STARTTLS|\bTLS\b|SSL|certificate|self[- ]signed|wrong version number/i,
    `La connexion chiffrée (TLS) avec le serveur de messagerie a échoué.`,
  ],
  [/ECONNRESET|EPIPE|ECONNECTION|Connection closed|socket close|ESOCKET/i, `${SMTP} a coupé la connexion.`],
  [/\b552[ -](?:\d\.|[A-Za-z])|size exceeds/i, `${SMTP} a refusé le courriel : il est trop volumineux.`],
  [
    /EENVELOPE|No recipients|Recipient address|\b55[013][ -](?:\d\.|[A-Za-z])/i,
    `${SMTP} a refusé l’adresse du destinataire.`,
  ],
  [/\b(4\d\d)[ -](?:\d\.|[A-Za-z])/, (m) => `${SMTP} a refusé le courriel pour le moment (erreur temporaire ${m[1]}).`],
  [/\b(5\d\d)[ -](?:\d\.|[A-Za-z])/, (m) => `${SMTP} a refusé le courriel (erreur définitive ${m[1]}).`],
  [/EMESSAGE/, `${SMTP} a refusé le courriel.`],
  [/ENOSPC/, 'Le disque du serveur du portail est plein : les courriels ne peuvent pas être enregistrés.'],
  [/EACCES|EPERM|EROFS|ENOENT|EISDIR|ENOTDIR/, 'Le dossier des courriels du portail n’est pas accessible en écriture.'],
  [/pièce jointe .* introuvable/, 'Une pièce jointe du courriel est introuvable.'],
];

/** The French sentence for a stored error; null when there is none. */
export function mailErrorFr(raw: string | null | undefined): string | null {
  if (!raw) return null;
  for (const [pattern, sentence] of RULES) {
    const m = raw.match(pattern);
    if (m) return typeof sentence === 'string' ? sentence : sentence(m);
  }
  return 'Erreur inattendue lors de l’envoi : le détail est dans le journal des courriels (administrateur).';
}
