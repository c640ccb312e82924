export { ThreadPage } from './components/thread-page';
export { ThreadsPage } from './components/threads-page';
