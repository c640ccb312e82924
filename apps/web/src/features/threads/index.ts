export { ThreadPage } from './components/thread-page';
