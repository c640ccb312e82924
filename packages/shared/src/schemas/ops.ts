import { z } from 'zod';
import { okAnswer } from './common.js';

/** `GET /api/health`: the process is alive (no dependency is asked). */
export const HealthAnswer = okAnswer({ status: z.literal('ok') });
export type HealthAnswer = z.infer<typeof HealthAnswer>;

/** What `/api/ready` checked: the database and its migrations decide; Redis is reported (decision 0018). */
export const ReadinessChecks = z.object({
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['ok', 'pending', 'unknown']),
  redis: z.enum(['ok', 'unreachable', 'not used']),
});
export type ReadinessChecks = z.infer<typeof ReadinessChecks>;

/** `GET /api/ready` when the instance can serve. */
export const ReadyAnswer = okAnswer({ status: z.literal('ready'), checks: ReadinessChecks });
export type ReadyAnswer = z.infer<typeof ReadyAnswer>;

/** `GET /api/ready` (503) when it cannot: the message names what failed. */
export const NotReadyAnswer = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.literal('not_ready'),
  checks: ReadinessChecks,
});
export type NotReadyAnswer = z.infer<typeof NotReadyAnswer>;

/** `GET /metrics`: Prometheus text exposition (not JSON). */
export const MetricsText = z.string().describe('Prometheus text exposition format (text/plain; version=0.0.4)');
