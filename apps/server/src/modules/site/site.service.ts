/**
 * The content pages edited in the admin (issue 33): the FAQ, the customer and rider terms and the
 * contact details, one body per page and language. Migration 0026 seeded them with the words the
 * pages had in code, so nothing changed for users until an admin saves.
 */
import {
  inTopicOrder,
  type FaqContent,
  type Language,
  type SiteContentAnswer,
  type SiteContentBody,
  type SiteContentKey,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { Representation } from '../../infra/snapshot.js';
import * as repo from './site.repo.js';

const answerOf = (row: repo.SiteContentRow): SiteContentAnswer =>
  ({
    success: true,
    key: row.key,
    language: row.language,
    body: row.body,
    updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
  }) as SiteContentAnswer;

export class SiteContent {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'clock'>) {}

  /** The page in that language, as anyone reads it. */
  async read(key: SiteContentKey, language: Language): Promise<SiteContentAnswer> {
    const row = await repo.findContent(this.ctx.db, key, language);
    // Every page and language is seeded (migration 0026): a missing row is a database changed by hand.
    if (!row) throw notFound('This page has no content yet.');
    return answerOf(row);
  }

  /** The public answer's bytes, with their ETag (a revalidation that matches gets a 304). */
  async representation(key: SiteContentKey, language: Language): Promise<Representation> {
    return Representation.json(await this.read(key, language));
  }

  /** Saves the page in that language (the body already checked by the route's schema for its key). */
  async save<K extends SiteContentKey>(
    key: K,
    language: Language,
    body: SiteContentBody<K>,
    adminId: string,
  ): Promise<SiteContentAnswer> {
    const stored = key === 'faq' ? { entries: inTopicOrder((body as FaqContent).entries) } : body;
    const row = await repo.saveContent(this.ctx.db, {
      key,
      language,
      body: stored,
      updatedAt: this.ctx.clock.now(),
      updatedBy: adminId,
    });
    return answerOf(row);
  }
}
