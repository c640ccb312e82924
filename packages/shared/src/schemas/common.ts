import { z } from 'zod';
import { MSG } from '../messages.js';
import { isValidEmail, isValidNigerianPhone, passwordProblems } from '../validation.js';

/** A database id as the API shows it (`_id`): a UUID. */
export const Id = z.uuid({ message: 'Invalid id' });

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .refine(isValidEmail, { message: MSG.invalidEmail });

export const Password = z.string().superRefine((value, ctx) => {
  for (const problem of passwordProblems(value)) ctx.addIssue({ code: 'custom', message: problem });
});

export const Phone = z
  .string()
  .trim()
  .refine(isValidNigerianPhone, { message: MSG.invalidPhone });

export const Latitude = z.number().min(-90).max(90);
export const Longitude = z.number().min(-180).max(180);

/** A short required text field. */
export const Text = (max = 200) => z.string().trim().min(1, 'This field is required').max(max);
