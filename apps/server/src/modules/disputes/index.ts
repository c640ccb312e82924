/** The disputes module's surface: opening and settling disputes, and what they hold back of the earnings. */
export {
  borneByOrder,
  DisputeService,
  ordersWithOpenDisputes,
  parseDisputeFields,
  toDto as disputeDto,
  type DisputeSettlement,
} from './disputes.service.js';
