import {
  CHAT_MSG,
  hasRole,
  THREAD_MSG,
  THREAD_OPEN_DAYS,
  ThreadSendFields,
  formatNaira,
  type ChatMessageDto,
  type DisputeDto,
  type OrderThreadDto,
  type ThreadKind,
  type ThreadPersonDto,
  type ThreadSummaryDto,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import { isImageUpload, type UploadedFile } from '../../infra/uploads/uploads.js';
import type { SessionUser } from '../../infra/sessions.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { accountLanguage, accountsByIds, findUserById } from '../auth/index.js';
import { disputeDto, parseDisputeFields, type DisputeService, type DisputeSettlement } from '../disputes/index.js';
import { riderCards } from '../rider/index.js';
import {
  findThread,
  getOrCreateThread,
  listThreadsOf,
  membersOf,
  setHelp,
  setMembers,
  type ChatRow,
} from './chat.repo.js';
import { lastMessageOf, type ChatService } from './chat.service.js';
import { t } from './chat.messages.js';
import { partyOf, type ThreadParty } from './parties.js';

const DAY_MS = 24 * 60 * 60_000;
const isStaff = (user: Pick<SessionUser, 'roles'>) => hasRole(user, 'support', 'admin');
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * Order threads: the conversation of one order or dispatch among its people (decision 0043). The
 * messages, uploads, typing and read marks are the chat's own (ChatService); this adds who belongs
 * (asked of the order or dispatch on every call), the pinned card, photos only, and the close
 * THREAD_OPEN_DAYS after delivery.
 */
export class ThreadService {
  constructor(
    private readonly ctx: AppContext,
    private readonly chats: ChatService,
    private readonly disputes: DisputeService,
  ) {}

  /** The party when the user is one of it or staff; the same 404 for a missing or someone else's. */
  private async partyFor(user: SessionUser, kind: ThreadKind, id: string): Promise<ThreadParty> {
    const party = await partyOf(this.ctx.db, kind, id);
    if (!party || !(isStaff(user) || party.members.some((m) => m.userId === user.id)))
      throw notFound(THREAD_MSG.noThread);
    return party;
  }

  /**
   * The thread, made on first open, its member rows brought up to date with the party (written
   * only when someone joined or left: opening and writing are the common calls).
   */
  private async threadOf(kind: ThreadKind, id: string, party: ThreadParty): Promise<ChatRow> {
    const db = this.ctx.db;
    const chat = (await findThread(db, kind, id)) ?? (await getOrCreateThread(db, kind, id, party.customerId));
    const current = await membersOf(db, chat.id);
    const same =
      current.length === party.members.length &&
      party.members.every((m) => current.some((c) => c.userId === m.userId && c.role === m.role));
    if (!same) await db.transaction((tx) => setMembers(tx, chat.id, party.members));
    return chat;
  }

  private closesAt(party: ThreadParty): Date | null {
    return party.endedAt ? new Date(party.endedAt.getTime() + THREAD_OPEN_DAYS * DAY_MS) : null;
  }

  async open(
    user: SessionUser,
    kind: ThreadKind,
    id: string,
    page: { before?: string; limit: number },
  ): Promise<OrderThreadDto> {
    const party = await this.partyFor(user, kind, id);
    const chat = await this.threadOf(kind, id, party);
    const closesAt = this.closesAt(party);
    return {
      _id: chat.id,
      card: { ...party.card, timeline: await party.timeline(user.id) },
      people: await this.people(party, chat),
      helpRequested: !!chat.helpAt,
      closesAt: closesAt?.toISOString() ?? null,
      readOnly: !!closesAt && closesAt <= this.ctx.clock.now(),
      contacts: isStaff(user) ? await this.contacts(party) : [],
      disputes: kind === 'order' ? await this.disputes.forOrder(id, user.id) : null,
      ...(await this.chats.page(chat.id, page)),
    };
  }

  /** Whom support calls about the delivery: the customer (checkout's phone) and the rider on it. */
  private async contacts(party: ThreadParty): Promise<OrderThreadDto['contacts']> {
    const names = await accountsByIds(this.ctx.db, [party.customerId]);
    const contacts: OrderThreadDto['contacts'] = [];
    if (party.customerPhone)
      contacts.push({ role: 'customer', name: names.get(party.customerId)?.name ?? '', phone: party.customerPhone });
    const riderId = party.members.find((m) => m.role === 'rider')?.userId;
    const rider = riderId ? (await riderCards(this.ctx.db, [riderId])).get(riderId) : undefined;
    if (rider) contacts.push({ role: 'rider', name: rider.name, phone: rider.phone });
    return contacts;
  }

  /** Its people as the others see them: the customer's and rider's first names, the shops' names. */
  private async people(party: ThreadParty, chat: ChatRow): Promise<ThreadPersonDto[]> {
    const names = await accountsByIds(
      this.ctx.db,
      party.members.filter((m) => m.role !== 'vendor').map((m) => m.userId),
    );
    const people: ThreadPersonDto[] = party.members.map((m) => ({
      _id: m.userId,
      role: m.role,
      name: m.role === 'vendor' ? m.name : firstName(names.get(m.userId)?.name ?? ''),
    }));
    if (chat.helpAt) people.push({ _id: 'support', role: 'support', name: 'Jara' });
    return people;
  }

  /** The caller's threads (those they were part of when it was last opened or written in), latest first. */
  async list(user: SessionUser, limit: number): Promise<ThreadSummaryDto[]> {
    const rows = await listThreadsOf(this.ctx.db, user.id, limit);
    // A rider may have been replaced since: their few threads are checked against the delivery.
    const stale = new Set<string>();
    await Promise.all(
      rows.map(async (r) => {
        if (r.role !== 'rider' || r.kind === 'support' || !r.subjectId) return;
        const party = await partyOf(this.ctx.db, r.kind, r.subjectId);
        if (party?.members.some((m) => m.userId === user.id)) return;
        stale.add(r.id);
        if (party) await setMembers(this.ctx.db, r.id, party.members);
      }),
    );
    return rows.flatMap((r) =>
      r.kind === 'support' || !r.subjectId || stale.has(r.id)
        ? []
        : [
            {
              _id: r.id,
              kind: r.kind,
              subjectId: r.subjectId,
              lastMessage: lastMessageOf(r),
              lastMessageAt: r.lastMessageAt.toISOString(),
              unread: r.unread,
            },
          ],
    );
  }

  /**
   * A message in the thread: text and/or one photo (checked by its bytes before anything is
   * stored), refused once the thread closed. Nothing the server writes here carries the delivery
   * code; what people type themselves is theirs.
   */
  async send(
    user: SessionUser,
    kind: ThreadKind,
    id: string,
    raw: Record<string, string>,
    file: UploadedFile | null,
  ): Promise<ChatMessageDto> {
    // The form is checked first (it tells nothing of the order), then who is asking.
    const parsed = ThreadSendFields.safeParse(raw);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid message.', 'validation_failed');
    if (!parsed.data.message && !file) throw badRequest(CHAT_MSG.empty, 'empty_message');
    if (file && !isImageUpload(file)) throw badRequest(THREAD_MSG.notImage, 'not_an_image');
    const party = await this.partyFor(user, kind, id);
    const closesAt = this.closesAt(party);
    if (closesAt && closesAt <= this.ctx.clock.now()) throw new AppError(409, 'thread_closed', THREAD_MSG.closed);
    const chat = await this.threadOf(kind, id, party);
    const { message } = await this.chats.postInThread(user, chat, parsed.data.message, file);
    return message;
  }

  /** The customer asks support into the thread: it shows in the support inbox from now on. */
  async askForHelp(user: SessionUser, kind: ThreadKind, id: string): Promise<void> {
    const party = await this.partyFor(user, kind, id);
    if (party.customerId !== user.id) throw forbidden('Only the customer can ask support into the conversation.');
    const chat = await this.threadOf(kind, id, party);
    this.chats.announce(await setHelp(this.ctx.db, chat.id, this.ctx.clock.now()));
  }

  /**
   * The customer reports a problem with the delivered order (issue 30): the dispute is recorded,
   * then told in the thread in the customer's words with the photo, which its people may open,
   * and support is asked in.
   */
  async openDispute(
    user: SessionUser,
    orderId: string,
    raw: Record<string, string>,
    file: UploadedFile | null,
  ): Promise<DisputeDto> {
    // The form first (it tells nothing of the order), then who is asking.
    const fields = parseDisputeFields(raw);
    if (file && !isImageUpload(file)) throw badRequest(THREAD_MSG.notImage, 'not_an_image');
    const party = await this.partyFor(user, 'order', orderId);
    const chat = await this.threadOf('order', orderId, party);
    const { row, found } = await this.disputes.open(user, orderId, fields);
    const lang = await accountLanguage(this.ctx.db, user.id);
    const text = t(lang, 'chat.dispute.opened', {
      reason: row.reason,
      amount: formatNaira(row.amountKobo),
      note: row.note ? ` ${row.note}` : '',
    });
    const { message } = await this.chats.postInThread(user, chat, text, file);
    if (message.media) await this.disputes.attachPhoto(row.id, message.media);
    // A dispute needs support: the thread goes to the support inbox, as if the customer had asked.
    if (!chat.helpAt) this.chats.announce(await setHelp(this.ctx.db, chat.id, this.ctx.clock.now()));
    return disputeDto({ ...row, photo: message.media ?? null }, found);
  }

  /**
   * Support or an admin settles a dispute; the outcome is said in the order's thread (its people
   * get the push) and, for a rejection, by email to the customer (a refund's email goes when the
   * provider has processed it).
   */
  async settleDispute(agent: SessionUser, id: string, input: DisputeSettlement): Promise<DisputeDto> {
    if (!isStaff(agent)) throw forbidden();
    const { row, found } = await this.disputes.settle(agent, id, input);
    const party = await partyOf(this.ctx.db, 'order', row.orderId);
    const customer = await findUserById(this.ctx.db, found.order.userId);
    const lang = await accountLanguage(this.ctx.db, found.order.userId);
    const text =
      row.state === 'refunded'
        ? t(lang, 'chat.dispute.refunded', { amount: formatNaira(row.refundKobo ?? 0), bearer: row.bearer ?? '' })
        : t(lang, 'chat.dispute.rejected', { reason: row.resolution ?? '' });
    if (party) await this.chats.postInThread(agent, await this.threadOf('order', row.orderId, party), text, null);
    if (row.state === 'rejected' && customer)
      await this.ctx.db.transaction((tx) =>
        this.ctx.mailer.send(tx, {
          to: customer.email,
          subject: t(lang, 'chat.email.dispute.subject', { reference: row.orderId.slice(0, 8) }),
          text: t(lang, 'chat.email.dispute.rejected', {
            name: customer.name,
            reference: row.orderId.slice(0, 8),
            reason: row.resolution ?? '',
          }),
        }),
      );
    return disputeDto(row, found);
  }
}
