import { z } from 'zod';
import { Language } from '../language.js';
import { isValidEmail, isValidNigerianPhone } from '../validation.js';
import { okAnswer, str, Text } from './common.js';

/**
 * Running the site from the admin (issue 33): the campus places of the gazetteer, and the content
 * pages (FAQ, terms, contact details) edited per language instead of in code.
 */

// ---- Campus places ----

/** What a place is, as the gazetteer files it (the curated list's kinds, plus a plain "place"). */
export const PLACE_KINDS = [
  'hall',
  'hostel',
  'faculty',
  'gate',
  'landmark',
  'street',
  'market',
  'church',
  'mosque',
  'bank',
  'school',
  'hospital',
  'hotel',
  'fuel',
  'estate',
  'place',
] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** A block or wing of a hall, as residents name it ("A", "Block 3", "Annex"). */
const BlockName = Text(40);

/**
 * `POST /api/admin/places` and `PUT /api/admin/places/:id`: a place as the admin sets it. The
 * point must lie in the service area (the server checks it against its own SERVICE_RADIUS_KM).
 */
export const PlaceInput = z.strictObject({
  displayName: Text(160),
  street: str().trim().max(120).default(''),
  kind: z.enum(PLACE_KINDS).default('place'),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  blocks: z
    .array(BlockName)
    .max(60)
    .default([])
    .refine((b) => new Set(b.map((x) => x.toLowerCase())).size === b.length, 'Each block is named once'),
});
export type PlaceInput = z.infer<typeof PlaceInput>;

export const PlaceIdParams = z.strictObject({ id: str().min(1).max(200) });

/** `GET /api/admin/places`: a search by name, hidden places included or alone, a page at a time. */
export const AdminPlacesQuery = z.strictObject({
  q: str().trim().max(100).optional(),
  show: z.enum(['all', 'visible', 'hidden']).default('all'),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type AdminPlacesQuery = z.infer<typeof AdminPlacesQuery>;

export const AdminPlaceDto = z.object({
  placeId: z.string(),
  displayName: z.string(),
  street: z.string(),
  city: z.string(),
  kind: z.string(),
  source: z.string(),
  lat: z.number(),
  lon: z.number(),
  blocks: z.array(z.string()),
  /** Left out of search, suggestions and the map's labels; addresses pinned to it still work. */
  hidden: z.boolean(),
  /** When an admin last changed it (a release's curated list no longer overwrites it); null if never. */
  editedAt: z.string().nullable(),
});
export type AdminPlaceDto = z.infer<typeof AdminPlaceDto>;

/** Places shown per page of the admin's list. */
export const ADMIN_PLACES_PAGE = 50;

export const AdminPlacesAnswer = okAnswer({
  places: z.array(AdminPlaceDto),
  total: z.number(),
  nextOffset: z.number().nullable(),
});
export type AdminPlacesAnswer = z.infer<typeof AdminPlacesAnswer>;

export const AdminPlaceAnswer = okAnswer({ place: AdminPlaceDto });
export type AdminPlaceAnswer = z.infer<typeof AdminPlaceAnswer>;

// ---- Content pages ----

/**
 * The FAQ's topics (SPEC §2, with the two later features, batching and group orders): fixed, in
 * the page's order. An admin edits the questions and answers under them, never the topics.
 */
export const FAQ_TOPICS = [
  'what',
  'who',
  'order',
  'items',
  'hours',
  'time',
  'cost',
  'schedule',
  'batch',
  'group',
  'absent',
  'cancel',
  'payment',
  'track',
  'minimum',
  'wrong',
  'dispatch',
  'support',
] as const;
export type FaqTopic = (typeof FAQ_TOPICS)[number];

/**
 * An answer is plain text; paragraphs are separated by a blank line, and `[words](/path)` links to
 * a page of the site (only paths on this site: never another address).
 */
const AnswerText = Text(2000).refine(
  (s) =>
    [...s.matchAll(/\[[^\]]*\]\(([^)]*)\)/g)].every(
      (m) => /^\/[A-Za-z0-9\-_/?=&.#]*$/.test(m[1]!) && !m[1]!.includes('//'),
    ),
  'Links go to a page of this site, such as [My Orders](/my-orders)',
);

export const FaqEntry = z.strictObject({
  topic: z.enum(FAQ_TOPICS),
  question: Text(200),
  answer: AnswerText,
});
export type FaqEntry = z.infer<typeof FaqEntry>;

export const FaqContent = z.strictObject({
  entries: z
    .array(FaqEntry)
    .min(1)
    .max(120)
    .superRefine((entries, ctx) => {
      const missing = FAQ_TOPICS.filter((t) => !entries.some((e) => e.topic === t));
      if (missing.length)
        ctx.addIssue({
          code: 'custom',
          message: `Every topic keeps at least one question (missing: ${missing.join(', ')})`,
        });
    }),
});
export type FaqContent = z.infer<typeof FaqContent>;

export const TermsSection = z.strictObject({
  heading: Text(160),
  /** Paragraphs separated by a blank line. */
  body: Text(5000),
});
export type TermsSection = z.infer<typeof TermsSection>;

export const TermsContent = z.strictObject({ sections: z.array(TermsSection).min(1).max(40) });
export type TermsContent = z.infer<typeof TermsContent>;

/** Support's contact details; an empty field is not shown. */
export const ContactContent = z.strictObject({
  phone: str()
    .trim()
    .max(20)
    .refine((p) => p === '' || isValidNigerianPhone(p), 'Please enter a valid Nigerian phone number.'),
  email: str()
    .trim()
    .max(200)
    .refine((e) => e === '' || isValidEmail(e), 'Invalid email format.'),
  address: str().trim().max(300),
  hours: str().trim().max(120),
});
export type ContactContent = z.infer<typeof ContactContent>;

/** Each content page and the shape of its body. */
export const SITE_CONTENT = {
  faq: FaqContent,
  'customer-terms': TermsContent,
  'rider-terms': TermsContent,
  contact: ContactContent,
} as const;
export type SiteContentKey = keyof typeof SITE_CONTENT;
export const SiteContentKey = z.enum(['faq', 'customer-terms', 'rider-terms', 'contact']);

/** The body of one page, by its key. */
export type SiteContentBody<K extends SiteContentKey = SiteContentKey> = z.infer<(typeof SITE_CONTENT)[K]>;

/** `GET /api/content/:key` (public): `lang` names the language, else the request's (cookie, Accept-Language). */
export const SiteContentParams = z.strictObject({ key: SiteContentKey });
export const SiteContentQuery = z.strictObject({ lang: Language.optional() });
export const AdminSiteContentParams = z.strictObject({ language: Language });

/** The topics in their fixed order; within one, the admin's order (the page lists them so). */
export const inTopicOrder = (entries: readonly FaqEntry[]): FaqEntry[] =>
  FAQ_TOPICS.flatMap((t) => entries.filter((e) => e.topic === t));

/** The bodies as answered: described, not checked (the input schemas above checked them when saved). */
const TermsBody = z.object({ sections: z.array(z.object({ heading: z.string(), body: z.string() })) });
const ANSWER_BODIES = {
  faq: z.object({
    entries: z.array(z.object({ topic: z.enum(FAQ_TOPICS), question: z.string(), answer: z.string() })),
  }),
  'customer-terms': TermsBody,
  'rider-terms': TermsBody,
  contact: z.object({ phone: z.string(), email: z.string(), address: z.string(), hours: z.string() }),
} as const;

const contentAnswer = <K extends SiteContentKey>(key: K) =>
  okAnswer({
    key: z.literal(key),
    language: Language,
    body: ANSWER_BODIES[key],
    /** When an admin last saved it; null: the text the site started with. */
    updatedAt: z.string().nullable(),
  });
export const FaqAnswer = contentAnswer('faq');
export const CustomerTermsAnswer = contentAnswer('customer-terms');
export const RiderTermsAnswer = contentAnswer('rider-terms');
export const ContactDetailsAnswer = contentAnswer('contact');
export const SiteContentAnswer = z.discriminatedUnion('key', [
  FaqAnswer,
  CustomerTermsAnswer,
  RiderTermsAnswer,
  ContactDetailsAnswer,
]);
export type SiteContentAnswer<K extends SiteContentKey = SiteContentKey> = Extract<
  z.infer<typeof SiteContentAnswer>,
  { key: K }
>;
