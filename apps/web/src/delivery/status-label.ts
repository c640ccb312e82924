import { useCallback } from 'react';
import type { ItemStatus } from '@jara/shared';
import { useT, type MessageId } from '../i18n';

const STATUS_IDS: Record<ItemStatus, MessageId<'delivery'>> = {
  'Order Placed': 'delivery.status.placed',
  'Order Confirmed': 'delivery.status.confirmed',
  'Order Assigned': 'delivery.status.assigned',
  'Order Picked': 'delivery.status.picked',
  'Order Delivered': 'delivery.status.delivered',
  'Order Cancelled': 'delivery.status.cancelled',
};

/**
 * An order's or a dispatch's status as the customer reads it: the status word itself in English
 * ('Order Placed', as the API and the specification name it), its translation in Pidgin.
 */
export function useStatusLabel(): (status: ItemStatus) => string {
  const t = useT('delivery');
  return useCallback((status) => t(STATUS_IDS[status]), [t]);
}
