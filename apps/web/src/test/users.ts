import type { PublicUser } from '@jara/shared';

/** A signed-in customer as `/api/user/is-auth` answers it, for tests that need someone logged in. */
export const CUSTOMER: PublicUser = {
  _id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  isSeller: false,
  isRider: false,
  role: 'customer',
  roles: ['customer'],
  chatId: null,
  cartItems: {},
  wishList: [],
  language: 'en',
  emailVerified: true,
  phone: null,
  phoneVerified: false,
  verifiedStudent: false,
};
