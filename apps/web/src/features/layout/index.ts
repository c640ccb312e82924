export { NavBar, Logo, UserMenu } from './components/nav-bar';
export { Footer } from './components/footer';
