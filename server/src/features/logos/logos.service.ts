import { LOGO_MAX_BYTES, LOGO_NAME, logoErreurDetail, logoFormatRecu, MESSAGES } from '@guichet/contract';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { RateCounters } from '../../platform/rate-limit.ts';
import { reencodeLogo } from './logo-image.ts';
import { type LogoQuotaLimits, logoQuota } from './logo-quota.ts';
import { logosRepository } from './logos.repository.ts';

/**
 * One refusal for every bad upload (no `logo` part, too big, not a decodable JPEG or PNG): the
 * spec's sentence, then what was received when there was a file (its format by content, its size;
 * `cut`: the upload stopped at the limit, the file is larger).
 */
export function logoRefused(received?: { bytes: Buffer; cut: boolean }) {
  const message = received
    ? logoErreurDetail(MESSAGES.erreurLogo, {
        format: logoFormatRecu(received.bytes),
        bytes: received.bytes.length,
        plus: received.cut,
      })
    : MESSAGES.erreurLogo;
  return badRequest([{ key: 'logo', error: message }], message);
}

export type LogosDeps = { db: Db; counters: RateCounters; limits: LogoQuotaLimits };

/** Logo upload and download as plain functions: the routes only read the request and write the reply. */
export function logosService(deps: LogosDeps) {
  const quota = logoQuota(deps.limits, deps.counters);
  return {
    /**
     * Checks and re-encodes the uploaded bytes (`undefined`: unreadable; `cut`: stopped at the
     * multipart limit), then stores the logo if the quotas allow it. Returns its new name. `address` is the
     * client's address group.
     */
    async upload(address: string, bytes: Buffer | undefined, cut = false): Promise<string> {
      if (!bytes) throw logoRefused();
      if (cut || bytes.length > LOGO_MAX_BYTES) throw logoRefused({ bytes, cut });
      const logo = await reencodeLogo(bytes);
      if (!logo) throw logoRefused({ bytes, cut: false });
      // Expired orphans are deleted, then the logo is stored if the bounds allow it.
      await quota.store(deps.db, address, logo);
      return logo.name;
    },

    /** A stored logo; only names this server generated are looked up: no path, no other file. */
    async find(file: string) {
      const logo = LOGO_NAME.test(file) ? await logosRepository.find(deps.db, file) : undefined;
      if (!logo) throw notFound('Fichier introuvable.');
      return logo;
    },
  };
}
