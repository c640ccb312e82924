/**
 * What other modules read of an account's verification (the promotions' "one per person"): a
 * verified email, a verified phone, the "Verified student" badge.
 */
import type { Executor } from '../../infra/db/client.js';
import { verificationRows } from './verification.repo.js';

export interface Verification {
  emailVerified: boolean;
  /** The verified phone (E.164), else null. */
  phone: string | null;
  verifiedStudent: boolean;
}

/**
 * The verification of each given account, in one statement, in the caller's transaction when it
 * passes one; an unknown id is absent from the map.
 */
export async function verificationOf(ex: Executor, userIds: string[]): Promise<Map<string, Verification>> {
  const rows = await verificationRows(ex, userIds);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        emailVerified: r.emailVerifiedAt !== null,
        phone: r.phoneVerifiedAt ? r.phone : null,
        verifiedStudent: r.verifiedStudent && r.emailVerifiedAt !== null,
      },
    ]),
  );
}
