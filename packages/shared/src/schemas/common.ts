import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../error-codes.js';
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

export const Email = str().trim().toLowerCase().refine(isValidEmail, { message: MSG.invalidEmail });

export const Password = str().superRefine((value, ctx) => {
  for (const problem of passwordProblems(value)) ctx.addIssue({ code: 'custom', message: problem });
});

export const Phone = str().trim().refine(isValidNigerianPhone, { message: MSG.invalidPhone });

export const Latitude = z.number().min(-90).max(90);
export const Longitude = z.number().min(-180).max(180);

/** A short required text field. */
export const Text = (max = 200) => str().trim().min(1, 'This field is required').max(max);

/**
 * A successful answer, `{ success: true, …fields }`: the base of the routes' response schemas.
 * Answers are what the server sends, so these schemas describe rather than refuse: no trimming,
 * no control-character checks.
 */
export const okAnswer = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });

/** `{ success: true, message }`: the answer of an action whose result is a sentence. */
export const MessageAnswer = okAnswer({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswer>;

/** `{ success: true }`: the answer of an action with nothing more to say. */
export const OkAnswer = okAnswer({});
export type OkAnswer = z.infer<typeof OkAnswer>;

/**
 * `{ success: false, message, code }`: an error answer, declared on the routes that answer one
 * without throwing (the message is for people, the code, one of error-codes.ts, for programs; the
 * API description lists them).
 */
export const ErrorAnswer = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  details: z.unknown().optional(),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

/** Any request schema: a route's body or query, which the server validates and the web sends by. */
export type RequestSchema = z.ZodType;

/** A JSON body as its schema accepts it (before defaults and trimming). */
export type RequestBody<S extends RequestSchema> = z.input<S>;

/** The keys of `I`, optional where they are optional there, with the types `O` gives them. */
type KeysWithTypesOf<I, O> = { [K in keyof I]: O[K & keyof O] };

/**
 * A query as the route's handler reads it, a key optional where the schema has a default. Each
 * value is sent as its text, which the schema parses back to the same value.
 */
export type RequestQuery<S extends RequestSchema> = KeysWithTypesOf<z.input<S>, z.output<S>>;

/** A delivery slot of an order for later (ISO instants): it arrives between `from` and `to`. */
export const SlotDto = z.object({ from: z.string(), to: z.string() });
export type SlotDto = z.infer<typeof SlotDto>;

/**
 * How an order travels (decision 0048): `save`, its customer chose "Batch & save"; `of`, how many
 * orders its rider's job carries (1: alone or not yet batched); `members`, a group order's members
 * who paid for it (decision 0049; 0: not a group order).
 */
export const BatchTagDto = z.object({ save: z.boolean(), of: z.number().int(), members: z.number().int().optional() });
export type BatchTagDto = z.infer<typeof BatchTagDto>;
