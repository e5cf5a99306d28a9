import { Link as MuiLink } from '@mui/material';

/** A phone number as a `tel:` link: its digits only (a leading + kept), as phones dial it. */
const telHref = (phone: string) => `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

/** The number as written, dialled by a tap on a phone. */
export const TelLink = ({ phone }: { phone: string }) => <MuiLink href={telHref(phone)}>{phone}</MuiLink>;

/** The address as written, opened in the person's mail program. */
export const MailLink = ({ address }: { address: string }) => <MuiLink href={`mailto:${address}`}>{address}</MuiLink>;
