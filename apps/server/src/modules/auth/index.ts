/** The auth module's surface: what the app and other modules may use. */
export { authModule } from './auth.routes.js';
export {
  accountIdOfEmail,
  accountLanguage,
  accountsOnPassword,
  disablePasswordLogin,
  findSessions,
  findUserById,
  languageOfEmail,
  linkChat,
} from './auth.service.js';
export {
  accountIdsMatching,
  accountsByIds,
  createAccount,
  dropProductFromCarts,
  lockAccount,
  lockAccountByEmail,
  searchAccounts,
  updateAccount,
} from './account-admin.service.js';
export { removeCartLines } from './carts.service.js';
export { verificationOf } from './verification.js';
export { revokeVerification } from './verification.service.js';
export { cartUsersBetween } from './insight-figures.js';
