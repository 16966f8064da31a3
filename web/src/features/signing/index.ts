// The public surface of features/signing (web/README.md, Layout). The app routes to its lazily
// loaded screens directly (routes/gp-signing.tsx, routes/signer-page.tsx); nothing else is shared yet.
/** Where a signer's task and email lead (shared/src/inbox/catalogue.ts SIGNING_REQUESTED). */
export const signerPagePath = (projectId: string, signerId: string) => `/signing/${projectId}/${signerId}`;
