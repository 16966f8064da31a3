// What lazily loaded screens of other features use from the session (web/README.md, Layout): the
// identity forms' building blocks and sign-out. A separate entry from index.ts because these pull in
// react-hook-form, the zod schemas and swr/mutation, which must stay out of the first download.
export type { SignInResult } from './api/complete-sign-in';
export { useCompleteSignIn } from './api/complete-sign-in';
export { useSignOut } from './api/sign-out';
export { CodeInput } from './components/code-input';
export { FormAlert } from './components/form-alert';
export { NewPasswordField } from './components/new-password-field';
export { PasswordField } from './components/password-field';
export { useFieldErrors } from './lib/field-errors';
