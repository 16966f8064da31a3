// The public surface of features/session (web/README.md, Layout): the signed-in user and where to
// send someone to sign in. Light on purpose: the portal's first download imports it.
export { currentUserKey, useCurrentUser } from './api/get-current-user';
export { orderMfaMethods } from './lib/mfa-methods';
export { homeOf, safeNext, signInPath, signUpPath } from './lib/return-path';
