export { useSession, sessionQuery, type Session } from './api/session';
export { openLogin, useLoginModal } from './hooks/use-login-modal';
export { useLogout, useSignedOut } from './hooks/use-auth-actions';
export { changePassword, logoutAll } from './api/auth-calls';
export { useForm } from './hooks/use-form';
export { validateNewPassword } from './validation';
export { ApprovalGate } from './components/approval-gate';
export { LoginPrompt } from './components/login-prompt';
