/** The promotions module's surface (decision 0051): what checkout, orders and the portals use. */
export { promotionsModule } from './promotions.routes.js';
export {
  appliedDto,
  checkLimits,
  discountsOf,
  readPromotions,
  releaseUses,
  reserveUses,
  usesPaid,
  type PromotionClaim,
  type PromotionReads,
} from './checkout-promotions.js';
