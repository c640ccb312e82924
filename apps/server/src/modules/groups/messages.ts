/**
 * What the groups module answers with in English (decision 0049); in Pidgin an error answer is its
 * code's message in the shared catalogue (packages/shared/src/locales/errors).
 */
export const GROUP_MSG = {
  notFound: 'Group order not found.',
  badLink: 'This group order link is not valid.',
  closed: 'This group order is closed: it no longer takes members or changes.',
  full: 'This group order is full.',
  notHost: 'Only the person who started this group order can do that.',
  notShop: "That product is not from this group order's shops.",
  linesFull: 'You have as many different items in this group order as it takes.',
  empty: 'Nobody has added an item to this group order yet.',
  notClosed: 'The host has not closed this group order for payment yet.',
  shareEmpty: 'You have no items in this group order, so there is nothing to pay.',
  paid: 'You have already paid your share of this group order.',
  unpaid: 'Not everyone has paid yet. The order goes at the cut-off with those who have paid.',
  unknownShop: 'A shop you picked is no longer available.',
} as const;
