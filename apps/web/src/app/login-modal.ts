// The login form's own chunk: layout.tsx loads it the first time someone opens the form.
export { LoginModal } from '../features/auth';
