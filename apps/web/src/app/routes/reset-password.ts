export { ResetPasswordPage } from '../../features/auth';
