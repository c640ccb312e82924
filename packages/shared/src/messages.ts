/**
 * Every user-facing string the specification quotes, in one place. The web app shows them and
 * the server answers with them, so a wording change happens here once.
 */
export const MSG = {
  invalidEmail: 'Invalid email format.',
  invalidPhone: 'Please enter a valid Nigerian phone number.',
  passwordsDoNotMatch: 'Passwords do not match',
  acceptTerms: 'Please accept the Terms and Conditions.',
  selectValidAddress: 'Please select a valid address from suggestions.',
  addressLoading: 'Address is still loading, please wait.',
  selectAddress: 'Please select an address',
  selectPickup: 'Please select a pick-up address.',
  failedAddresses: 'Failed to fetch addresses: ',
  failedDeliveryFee: 'Failed to fetch delivery fee',
  failedSuggestions: 'Failed to fetch address suggestions',
  failedSendMessage: 'Failed to send message.',
  failedVendor: 'Failed to fetch vendor details.',
  failedMessages: 'Failed to fetch messages',
  somethingWrong: 'Something went wrong',
  addedToCart: 'Added to Cart',
  cartUpdated: 'Cart Updated',
  removedFromCart: 'Removed from Cart',
  addedToWishList: 'Added to Wish List',
  removedFromWishList: 'Removed from Wish List',
  messageSent: 'Message sent successfully.',
  noVendors: 'No vendors found.',
  noCategoryProducts: 'No products found in this category.',
  noVendorProducts: 'No products found for this Vendor.',
  wishlistEmpty: 'Your wishlist is empty.',
  noOngoing: 'No ongoing orders yet.',
  noCompleted: 'No completed orders yet.',
  noAddress: 'No address found',
  chatPlaceholder: 'Type a message...',
  dispatchPlaceholder: 'Describe the item or delivery...',
  submitDispatch: 'Submit Dispatch Request',
  resetPassword: 'Reset Password',
  free: 'Free',
} as const;

export type MessageKey = keyof typeof MSG;
