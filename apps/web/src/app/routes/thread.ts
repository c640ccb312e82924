export { ThreadPage } from '../../features/threads';
