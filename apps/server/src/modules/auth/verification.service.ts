/**
 * Verified accounts (decision 0050): a 6-digit code mailed to the account's email, or texted to
 * a Nigerian phone; only its hash is kept, it lasts 15 minutes and five wrong tries. A verified
 * email on a student domain earns the "Verified student" mark. One person, one phone: a number
 * verified on one account is refused to every other.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { isOnEmailDomain } from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../infra/db/client.js';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { safeEqualHex, sha256 } from '../../lib/crypto.js';
import { lockUser } from './account-admin.repo.js';
import { t } from './auth.messages.js';
import type { UserRow } from './users.repo.js';
import * as repo from './verification.repo.js';
import type { Channel } from './verification.repo.js';

const CODE_TTL_MS = 15 * 60_000;
/** The fifth wrong try voids the code. */
const MAX_WRONG_TRIES = 5;
/** Per account and channel: a code at most every minute, five an hour. */
const RESEND_GAP_MS = 60_000;
const CODES_PER_HOUR = 5;

/** A code's hash, salted with its row's id, so equal codes never share a hash. */
const codeHash = (id: string, code: string) => sha256(`${id}:${code}`);

/** What one try of a code came to (committed before the caller answers, wrong tries included). */
type CodeTry =
  | { kind: 'verified' }
  | { kind: 'wrong'; left: number }
  | { kind: 'voided' | 'expired' | 'none' | 'already' | 'taken' };

export class VerificationService {
  constructor(private readonly ctx: AppContext) {}

  private isStudent(email: string): boolean {
    return isOnEmailDomain(email, this.ctx.config.verification.studentEmailDomains);
  }

  /** The account's email, verified now (a code entered, or Google vouching for it), in the caller's transaction. */
  async markEmailVerified(ex: Executor, user: Pick<UserRow, 'id' | 'email'>, how: 'code' | 'google'): Promise<void> {
    const at = new Date();
    await repo.setEmailVerified(ex, user.id, at, this.isStudent(user.email));
    await repo.endOpenCodes(ex, user.id, 'email', at);
    await repo.recordEvent(ex, { userId: user.id, kind: 'email_verified', detail: how, createdAt: at });
  }

  /** Sends a new email code to a new account, in the transaction that makes it (registration). */
  async sendFirstEmailCode(ex: Executor, user: UserRow): Promise<void> {
    await this.issue(ex, user, 'email', user.email);
  }

  /** A new email code (the previous one stops working); refused once verified, or too often. Answers the address. */
  async resendEmailCode(userId: string): Promise<string> {
    return this.ctx.db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw unauthorized();
      if (user.emailVerifiedAt) throw alreadyVerified('email');
      await this.checkRate(tx, userId, 'email');
      await this.issue(tx, user, 'email', user.email);
      return user.email;
    });
  }

  async verifyEmail(userId: string, code: string): Promise<void> {
    const outcome = await this.ctx.db.transaction(async (tx): Promise<CodeTry> => {
      const user = await lockUser(tx, userId);
      if (!user) throw unauthorized();
      if (user.emailVerifiedAt) return { kind: 'already' };
      return this.tryCode(tx, user, 'email', code, async () => this.markEmailVerified(tx, user, 'code'));
    });
    refuseUnlessVerified(outcome, 'email');
  }

  /** Texts a code to the number (E.164) to verify it; refused when it is this account's already or another's. */
  async startPhone(userId: string, phone: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw unauthorized();
      if (user.phoneVerifiedAt && user.phone === phone) throw alreadyVerified('phone');
      // Told before any text goes out: no code is sent to a number someone else has verified.
      if (await repo.phoneVerifiedElsewhere(tx, phone, userId)) throw phoneTaken();
      await this.checkRate(tx, userId, 'phone');
      await this.issue(tx, user, 'phone', phone);
    });
  }

  async verifyPhone(userId: string, code: string): Promise<void> {
    const outcome = await this.ctx.db.transaction(async (tx): Promise<CodeTry> => {
      const user = await lockUser(tx, userId);
      if (!user) throw unauthorized();
      return this.tryCode(tx, user, 'phone', code, async (phone) => {
        await repo.lockPhone(tx, phone);
        // Checked again under the number's lock: another account may have verified it since the text went.
        if (await repo.phoneVerifiedElsewhere(tx, phone, userId)) return false;
        const at = new Date();
        await repo.setPhoneVerified(tx, userId, phone, at);
        await repo.recordEvent(tx, { userId, kind: 'phone_verified', detail: phone, createdAt: at });
        return true;
      });
    });
    refuseUnlessVerified(outcome, 'phone');
  }

  /**
   * One try of the account's latest code on a channel: no code, an ended or expired one, a wrong
   * one (counted; the fifth voids it) or the right one, which `verify` acts on (false: refused,
   * nothing changes, the code stays usable).
   */
  private async tryCode(
    tx: Executor,
    user: UserRow,
    channel: Channel,
    given: string,
    verify: (target: string) => Promise<boolean | void>,
  ): Promise<CodeTry> {
    const code = await repo.latestCode(tx, user.id, channel);
    if (!code) return { kind: 'none' };
    if (code.endedAt) return { kind: code.attempts >= MAX_WRONG_TRIES ? 'voided' : 'none' };
    const now = new Date();
    if (code.expiresAt <= now) return { kind: 'expired' };
    if (!safeEqualHex(codeHash(code.id, given), code.codeHash)) {
      const tries = await repo.countWrongTry(tx, code.id, MAX_WRONG_TRIES, now);
      return tries >= MAX_WRONG_TRIES ? { kind: 'voided' } : { kind: 'wrong', left: MAX_WRONG_TRIES - tries };
    }
    if ((await verify(code.target)) === false) return { kind: 'taken' };
    await repo.endCode(tx, code.id, now);
    return { kind: 'verified' };
  }

  /** Refuses a code asked for within a minute of the last, or past five in an hour (account and channel). */
  private async checkRate(tx: Executor, userId: string, channel: Channel): Promise<void> {
    const now = Date.now();
    const { sent, latest } = await repo.codesSentSince(tx, userId, channel, new Date(now - 3_600_000));
    if (latest && now - latest.getTime() < RESEND_GAP_MS) {
      const retryAfterSeconds = Math.ceil((latest.getTime() + RESEND_GAP_MS - now) / 1000);
      throw new AppError(
        429,
        'code_sent_recently',
        `We just sent you a code. Please wait ${retryAfterSeconds} seconds before asking for another.`,
        { retryAfterSeconds },
      );
    }
    if (sent >= CODES_PER_HOUR)
      throw new AppError(429, 'too_many_codes', 'You have asked for too many codes. Please try again in an hour.');
  }

  /** A new code for the account on a channel (earlier ones end), sent in the caller's transaction. */
  private async issue(tx: Executor, user: UserRow, channel: Channel, target: string): Promise<void> {
    const now = new Date();
    const id = randomUUID();
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    await repo.endOpenCodes(tx, user.id, channel, now);
    await repo.insertCode(tx, {
      id,
      userId: user.id,
      channel,
      target,
      codeHash: codeHash(id, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
    const minutes = CODE_TTL_MS / 60_000;
    if (channel === 'email') {
      await this.ctx.mailer.send(tx, {
        to: target,
        subject: t(user.language, 'auth.email.verify.subject', { code }),
        text: t(user.language, 'auth.email.verify.text', {
          name: user.name,
          code,
          minutes,
          link: `${this.ctx.config.publicUrl}/profile`,
        }),
      });
    } else {
      await this.ctx.sms.send(tx, { to: target, text: t(user.language, 'auth.sms.verify', { code, minutes }) });
    }
  }

  /** The student marks as the configured domains say (at start: the list may have changed). */
  refreshStudentMarks(): Promise<number> {
    return repo.refreshStudentMarks(this.ctx.db, this.ctx.config.verification.studentEmailDomains);
  }
}

/**
 * An admin withdraws the account's verification (abuse): email and phone unverified, the
 * student mark gone, open codes ended, recorded with the admin's id. In the caller's transaction.
 */
export async function revokeVerification(ex: Executor, userId: string, actorId: string): Promise<void> {
  const at = new Date();
  await repo.clearVerification(ex, userId, at);
  await repo.endOpenCodes(ex, userId, null, at);
  await repo.recordEvent(ex, { userId, kind: 'revoked', actorId, createdAt: at });
}

function alreadyVerified(channel: Channel): AppError {
  return channel === 'email'
    ? conflict('Your email is already verified.', 'email_already_verified')
    : conflict('This phone number is already verified on your account.', 'phone_already_verified');
}

function phoneTaken(): AppError {
  return conflict(
    'This phone number is already verified on another Jara account. One phone can verify only one account.',
    'phone_taken',
  );
}

/** Throws what a try that did not verify came to (after its transaction committed the count). */
function refuseUnlessVerified(outcome: CodeTry, channel: Channel): void {
  switch (outcome.kind) {
    case 'verified':
      return;
    case 'already':
      throw alreadyVerified(channel);
    case 'taken':
      throw phoneTaken();
    case 'none':
      throw badRequest('There is no code waiting. Please ask for a new code.', 'no_verification_code');
    case 'expired':
      throw badRequest('This code has expired. Please ask for a new code.', 'verification_code_expired');
    case 'voided':
      throw badRequest(
        'Too many wrong tries: this code no longer works. Please ask for a new code.',
        'verification_code_voided',
      );
    case 'wrong':
      throw badRequest(
        `That code is not right. ${outcome.left} ${outcome.left === 1 ? 'try' : 'tries'} left.`,
        'wrong_verification_code',
        { triesLeft: outcome.left },
      );
  }
}
