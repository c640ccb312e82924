export { OfflineBanner } from './components/offline-banner';
export { UpdatePrompt } from './components/update-prompt';
export { useOnline } from './hooks/use-online';
