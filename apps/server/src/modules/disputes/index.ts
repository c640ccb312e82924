/** The disputes module's surface: opening and settling disputes, what they hold back of the earnings, and staff's queue. */
export {
  borneByOrder,
  DisputeService,
  ordersWithOpenDisputes,
  parseDisputeFields,
  toDto as disputeDto,
  type DisputeSettlement,
} from './disputes.service.js';
export { disputeQueue, disputesNamed } from './queue.service.js';
export { disputesBetween } from './insight-figures.js';
