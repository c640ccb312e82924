import { createStore } from '../../../lib/create-store';

/**
 * Whether the support chat panel is open, and whether it has been opened since this page loaded
 * (`used`): the socket code is loaded on that first use, not before.
 */
const [chatPanel, useChatPanel] = createStore<{ open: boolean; used: boolean }>({ open: false, used: false });
export { useChatPanel };
export const openChat = () => chatPanel.set({ open: true, used: true });
export const closeChat = () => chatPanel.set((s) => ({ ...s, open: false }));
