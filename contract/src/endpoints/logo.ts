import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { logoUploadResponseSchema } from '../partenaire.ts';
import { e, publicRefusals } from './shared.ts';

export const logoEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/api/logo/upload',
    access: 'public',
    summary: 'Téléverse un logo JPEG ou PNG de 3 Mo au plus (champ multipart « logo »)',
    multipart: true,
    response: { 200: logoUploadResponseSchema, ...publicRefusals },
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/file/download/:file',
    access: 'public',
    summary: 'Un logo enregistré (PNG ou JPEG)',
    params: z.object({ file: z.string().max(100) }),
    produces: ['image/png', 'image/jpeg'],
    response: { 404: e },
  }),
};
