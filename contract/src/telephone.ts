import { z } from 'zod';
import { hasForbiddenCharacter } from './common.ts';
import { FIELD_MESSAGES } from './messages.ts';

// Spelling helpers apart, free of zod (the partner form's first screen shapes phones as they are typed).
import { normalizePhone, PHONE_INPUT_MAX } from './telephone-form.ts';

export { formatPhone, normalizePhone, PHONE_INPUT_MAX, shapePhoneInput } from './telephone-form.ts';

/** A phone field of any form: required, any usual spelling, stored as ten digits. */
export const telephoneSchema = z
  .string({ error: FIELD_MESSAGES.obligatoire })
  .trim()
  .min(1, { error: FIELD_MESSAGES.obligatoire })
  .max(PHONE_INPUT_MAX, { error: FIELD_MESSAGES.telephone })
  .refine((s) => !hasForbiddenCharacter(s), { error: FIELD_MESSAGES.telephone })
  .transform((v, ctx) => {
    const n = normalizePhone(v);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.telephone });
      return z.NEVER;
    }
    return n;
  });
