// The conversation building blocks, shared with the support inbox.
export { ChatThread } from './components/chat-thread';
export { LinkifiedText } from './components/linkified-text';
export { MediaOverlay } from './components/media-overlay';
export { useChatThread, type ThreadSource } from './hooks/use-chat-thread';
export { chatSocket } from './realtime/chat-socket';
export { timeLabel, dayLabel } from './chat-format';
