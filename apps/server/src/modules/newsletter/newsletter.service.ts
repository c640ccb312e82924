import type { AppContext } from '../../context.js';
import * as repo from './newsletter.repo.js';

/** Newsletter sign-ups from the footer. */
export class NewsletterService {
  constructor(private readonly ctx: AppContext) {}

  /** Signing up twice is the same as once, so the answer never tells whether an address was known. */
  async subscribe(email: string): Promise<void> {
    await repo.insertSubscriber(this.ctx.db, email);
  }
}
