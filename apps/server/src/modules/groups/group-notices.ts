/**
 * Every member of a group sees it live (decision 0049): after a change commits, `group.updated`
 * goes to each member's open pages, which read the group again. A change made inside another
 * module's transaction (a share's payment settling) queues the same as a job.
 */
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../infra/db/client.js';
import { jobKind } from '../../infra/jobs/jobs.js';
import * as repo from './groups.repo.js';

const GROUP_NOTICE_JOB = jobKind('groups.notify', z.object({ groupId: z.string() }));

/** Tells every member's open pages that the group changed. */
export async function tellMembers(ctx: AppContext, groupId: string): Promise<void> {
  const members = await repo.membersOf(ctx.db, [groupId]);
  if (members.length)
    ctx.realtime.emitToPeople({ userIds: members.map((m) => m.userId), roles: [] }, 'group.updated', { groupId });
}

/** The same, from a job once `tx` commits; `occurrence` names the change (one notice per change). */
export async function queueTellMembers(ctx: AppContext, tx: Tx, groupId: string, occurrence: string): Promise<void> {
  await ctx.jobs.enqueue(
    tx,
    GROUP_NOTICE_JOB,
    { groupId },
    { dedupeKey: `${GROUP_NOTICE_JOB.kind}:${groupId}:${occurrence}` },
  );
}

export function registerGroupNotices(ctx: AppContext): void {
  ctx.jobs.register(GROUP_NOTICE_JOB, ({ groupId }) => tellMembers(ctx, groupId));
}
