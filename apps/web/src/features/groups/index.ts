// Group orders (decision 0049): the group's page, the join page a shared link opens, and the
// card on the cart that starts one.
export { GroupPage } from './components/group-page';
export { JoinGroupPage } from './components/join-group-page';
export { StartGroupCard } from './components/start-group-card';
