import { createStore } from '../../../lib/create-store';

/** Whether the support chat panel is open. */
export const [chatPanel, useChatPanel] = createStore<{ open: boolean }>({ open: false });
export const openChat = () => chatPanel.set({ open: true });
export const closeChat = () => chatPanel.set({ open: false });
