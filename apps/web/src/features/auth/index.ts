export { changePassword, logoutAll } from './api/auth-calls';
export { useForm } from './hooks/use-form';
export { validateNewPassword } from './validation';
