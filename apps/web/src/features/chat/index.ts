export { ChatLauncher } from './components/chat-launcher';
export { openChat, closeChat, useChatPanel } from './hooks/use-chat-panel';
