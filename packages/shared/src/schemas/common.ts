import { z } from 'zod';
import { MSG } from '../messages.js';
import { isValidEmail, isValidNigerianPhone, passwordProblems } from '../validation.js';

/** NUL (PostgreSQL refuses it in text) and the other control characters nobody types; tab and line breaks stay. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const TEXT_NOT_ALLOWED = 'This text contains characters that are not allowed.';

/** A string without control characters: the base of every text field the API takes. */
export const str = () => z.string().refine((v) => !CONTROL_CHARACTERS.test(v), TEXT_NOT_ALLOWED);

/** A database id as the API shows it (`_id`): a UUID. */
export const Id = z.uuid({ message: 'Invalid id' });

export const Email = str()
  .trim()
  .toLowerCase()
  .refine(isValidEmail, { message: MSG.invalidEmail });

export const Password = str().superRefine((value, ctx) => {
  for (const problem of passwordProblems(value)) ctx.addIssue({ code: 'custom', message: problem });
});

export const Phone = str()
  .trim()
  .refine(isValidNigerianPhone, { message: MSG.invalidPhone });

export const Latitude = z.number().min(-90).max(90);
export const Longitude = z.number().min(-180).max(180);

/** A short required text field. */
export const Text = (max = 200) => str().trim().min(1, 'This field is required').max(max);
