export { ChangePasswordForm } from './components/change-password-form';
export { LoginModal } from './components/login-modal';
export { ResetPasswordPage } from './components/reset-password-page';
export { SignOutEverywhere } from './components/sign-out-everywhere';
