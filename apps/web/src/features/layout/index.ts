export { NavBar } from './components/nav-bar';
export { Footer } from './components/footer';
