import { lazy } from 'react';

/** The chat panel is its own chunk: loaded the first time someone opens it. */
export const ChatPanel = lazy(() => import('./components/chat-panel'));
