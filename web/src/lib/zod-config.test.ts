import { describe, expect, it } from 'vitest';

describe('zod configuration before zod loads', () => {
  it('makes every schema jitless, so the portal never evaluates code under its CSP', async () => {
    await import('./zod-config');
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
