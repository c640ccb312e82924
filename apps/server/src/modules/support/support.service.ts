import type { SupportChatsQuery, SupportChatSummary, SupportContext, SupportThread } from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { SessionUser } from '../../infra/sessions.js';
import { notFound } from '../../lib/errors.js';
import type { ChatService } from '../chat/index.js';
import { customerContext, findCustomer, listSupportChats } from './support.repo.js';

/** The agents' side of the support chat: the inbox, a conversation with its customer, their recent orders. */
export class SupportService {
  constructor(
    private readonly ctx: AppContext,
    private readonly chats: ChatService,
  ) {}

  /** Conversations by latest message, with the agent's own unread counts. */
  inbox(agent: SessionUser, query: SupportChatsQuery): Promise<SupportChatSummary[]> {
    return listSupportChats(this.ctx.db, agent.id, query);
  }

  /** One conversation, latest page or the page before `before`. */
  async thread(agent: SessionUser, chatId: string, page: { before?: string; limit: number }): Promise<SupportThread> {
    const chat = await this.chats.requireAccess(agent, chatId);
    const customer = await findCustomer(this.ctx.db, chat.customerId);
    return {
      _id: chat.id,
      status: chat.status,
      customer: customer ? { _id: customer.id, name: customer.name, email: customer.email } : null,
      ...(await this.chats.page(chat.id, page)),
    };
  }

  /** What the agent needs to answer "where is my order". */
  async context(agent: SessionUser, chatId: string): Promise<SupportContext> {
    const chat = await this.chats.requireAccess(agent, chatId);
    const context = await customerContext(this.ctx.db, chat.customerId);
    if (!context) throw notFound('Customer not found.');
    return context;
  }
}
