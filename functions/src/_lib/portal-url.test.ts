import { ENV, PORTAL_ADDRESS_PENDING } from '@tranche/shared/infra/table';
import { afterEach, describe, expect, it } from 'vitest';
import { portalBaseUrl } from './portal-url.js';

const saved = process.env[ENV.portalBaseUrl];
afterEach(() => {
  if (saved === undefined) delete process.env[ENV.portalBaseUrl];
  else process.env[ENV.portalBaseUrl] = saved;
});

describe('portalBaseUrl', () => {
  it('is the address the deployment put in the environment', () => {
    process.env[ENV.portalBaseUrl] = 'https://d111111abcdef8.cloudfront.net';
    expect(portalBaseUrl()).toBe('https://d111111abcdef8.cloudfront.net');
  });

  it('fails loudly without one, rather than linking to the request host', () => {
    delete process.env[ENV.portalBaseUrl];
    expect(() => portalBaseUrl()).toThrow(/PORTAL_BASE_URL is not set/);
  });

  it('refuses the Data stack seed: the Api stack was not deployed again after the Web stack', () => {
    process.env[ENV.portalBaseUrl] = PORTAL_ADDRESS_PENDING;
    expect(() => portalBaseUrl()).toThrow(/deploy the Api stack again/);
  });
});
