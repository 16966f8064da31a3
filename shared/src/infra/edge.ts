/**
 * What the CloudFront distribution and the API agree on at the edge (docs/identity.md "Client IP").
 *
 * CloudFront adds ORIGIN_VERIFY_HEADER, with a secret generated at deploy time, to every request it
 * sends to the API origin (overwriting any header of that name a viewer sent). The API refuses, with
 * 403, a request without it when the deployment configures the secret: execute-api cannot be used
 * to bypass CloudFront, and so the viewer address CloudFront adds can be trusted.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** `198.51.100.10:46532` or `2001:db8::1:46532`: the viewer's address and source port, set by CloudFront. */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';
