import { ENV, PORTAL_ADDRESS_PENDING } from '@tranche/shared/infra/table';

/**
 * The portal's own address, for links in emails: PORTAL_BASE_URL, always resolved at deploy time
 * (context `portalBaseUrl` or the first custom domain; else CloudFormation reads the parameter the
 * Web stack writes with its CloudFront address; the local stack sets it directly). Never the
 * request's Host header, which a caller could forge. Reading it here rather than from SSM at run
 * time keeps the SSM client (~77 KB) out of every handler that emails.
 */
export const portalBaseUrl = (): string => {
  const url = process.env[ENV.portalBaseUrl];
  if (!url) throw new Error(`${ENV.portalBaseUrl} is not set`);
  // The Data stack's seed, until the Api stack is deployed again after the Web stack's first deploy
  // (docs/identity.md "Deployment"): a link to it would reach nobody, so fail loudly instead.
  if (url === PORTAL_ADDRESS_PENDING) {
    throw new Error(`${ENV.portalBaseUrl} is still the seed: deploy the Api stack again after the Web stack`);
  }
  return url;
};
