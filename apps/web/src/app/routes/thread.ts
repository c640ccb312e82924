export { ThreadPage, ThreadsPage } from '../../features/threads';
