import type { logoEndpoints } from '@guichet/contract';
import { addressOf, endpointUrl } from '../../lib/api.ts';

/** A stored logo, by its address alone: every partner view shows logos, the directory without zod. */
const download = addressOf<typeof logoEndpoints.download>({ method: 'GET', path: '/api/file/download/:file' });

/** The address of a stored logo, for an image. */
export const logoSrc = (file: string) => endpointUrl(download, { params: { file } });
