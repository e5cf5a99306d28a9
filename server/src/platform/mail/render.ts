/** What the footer needs from the general parameters (docs/spec/decisions.md §2). */
export type MailSiteParams = {
  nomSite: string;
  emailContact: string;
  telephoneContact: string;
  adresseContact: string;
};
export type MailContent = {
  params: MailSiteParams;
  /** Heading of the message, e.g. « Votre demande a été validée ». */
  title: string;
  /** Plain text; a line break inside a paragraph is kept. */
  paragraphs: string[];
  /**
   * `href` is absolute or a path of the portal (made absolute with PUBLIC_URL). `personal`: the
   * link carries a token (it opens something without a login); it is blanked from the stored
   * copy of the mail once sent (outbox `personalLinks`).
   */
  link?: MailLink;
  /** Several buttons, one under the other (after `link` if both are given). */
  links?: MailLink[];
};
export type MailLink = { label: string; href: string; personal?: boolean };
export type RenderedMail = { text: string; html: string; personalLinks?: string[] };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A link in a mail is opened outside the portal: it must carry scheme and host. */
export function absoluteUrl(href: string, publicUrl: string): string {
  if (/^https?:\/\//i.test(href)) return href;
  return `${publicUrl.replace(/\/+$/, '')}/${href.replace(/^\/+/, '')}`;
}

const AUTO_NOTICE = 'Ce message a été envoyé automatiquement, merci de ne pas y répondre.';

/** The French mail layout shared by every feature: heading, paragraphs, optional link, contact footer. */
export function renderMail(content: MailContent & { publicUrl: string }): RenderedMail {
  const { params, title, paragraphs, publicUrl } = content;
  const given = [...(content.link ? [content.link] : []), ...(content.links ?? [])];
  const links = given.map((l) => ({ label: l.label, href: absoluteUrl(l.href, publicUrl), personal: l.personal }));
  const contact = [
    params.adresseContact,
    params.emailContact && `Courriel : ${params.emailContact}`,
    params.telephoneContact && `Téléphone : ${params.telephoneContact}`,
  ].filter(Boolean);

  const text = [
    title,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...links.flatMap((link) => [`${link.label} : ${link.href}`, '']),
    '-- ',
    params.nomSite,
    ...contact,
    publicUrl,
    '',
    AUTO_NOTICE,
    '',
  ].join('\n');

  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s).replace(/\r?\n/g, '<br>')}</p>`;
  const footer = [
    `<strong>${escapeHtml(params.nomSite)}</strong>`,
    params.adresseContact && escapeHtml(params.adresseContact),
    params.emailContact &&
      `Courriel : <a href="mailto:${escapeHtml(params.emailContact)}">${escapeHtml(params.emailContact)}</a>`,
    params.telephoneContact && `Téléphone : ${escapeHtml(params.telephoneContact)}`,
    `<a href="${escapeHtml(publicUrl)}">${escapeHtml(publicUrl)}</a>`,
  ].filter(Boolean);
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#1e1e1e">
<div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px;border-radius:4px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${paragraphs.map(p).join('\n')}
${links
  .map(
    (link) =>
      `<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="background:#000091;color:#ffffff;padding:12px 20px;text-decoration:none;border-radius:4px;display:inline-block">${escapeHtml(link.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :<br>${escapeHtml(link.href)}</p>`,
  )
  .join('\n')}
<hr style="border:none;border-top:1px solid #ddd;margin:24px 0">
<p style="margin:0 0 8px;font-size:13px;color:#555">${footer.join('<br>')}</p>
<p style="margin:0;font-size:12px;color:#777">${escapeHtml(AUTO_NOTICE)}</p>
</div>
</body>
</html>
`;
  const personalLinks = links.filter((l) => l.personal).map((l) => l.href);
  return { text, html, ...(personalLinks.length ? { personalLinks } : {}) };
}

/** What replaces a personal link in the stored copy of a sent mail. */
export const PERSONAL_LINK_MARKER = '[lien personnel retiré après envoi]';

/** The stored copy of a mail without its personal links (as written in the text and in the HTML). */
export function withoutPersonalLinks(mail: { text: string; html: string }, links: string[]) {
  let { text, html } = mail;
  for (const link of links) {
    if (!link) continue;
    text = text.replaceAll(link, PERSONAL_LINK_MARKER);
    html = html.replaceAll(escapeHtml(link), escapeHtml(PERSONAL_LINK_MARKER)).replaceAll(link, PERSONAL_LINK_MARKER);
  }
  return { text, html };
}
