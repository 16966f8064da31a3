import { type BrowserContext, expect } from '@playwright/test';

/** The password of every demo user the local stack seeds (README, "Demo sign-ins"). */
export const DEMO_PASSWORD = 'Tranche-demo-2026';

/**
 * Signs the browser context in through the API, as the portal does (csrf cookie first, then login).
 * `prefix` names another tenant than the one of the base URL's host.
 */
export const signIn = async (context: BrowserContext, email: string, prefix?: string) => {
  const headers: Record<string, string> = prefix ? { 'X-Tenant-Prefix': prefix } : {};
  await context.request.get('/api/invest/client/get-tenant-info', { headers });
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf-token')?.value;
  expect(csrf, 'get-tenant-info hands out a csrf-token cookie').toBeTruthy();
  const response = await context.request.post('/api/invest/account/login', {
    headers: { ...headers, 'X-CSRF-Token': csrf as string },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
};
