// The public surface of features/signing (web/README.md, Layout). The app routes to its lazily loaded
// screens directly (routes/gp-signing.tsx, routes/signer-page.tsx); no other feature needs anything
// from it yet: the inbox opens the signer's page by the path its catalogue names.
export {};
