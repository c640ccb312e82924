export { homeContentQuery, type HomeContent } from './api/get-home-content';
export { HomePage } from './components/home-page';
