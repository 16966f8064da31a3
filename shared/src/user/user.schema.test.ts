import { describe, expect, it } from 'vitest';
import { EmailSchema } from './user.schema.js';

describe('email rule of spec section 5', () => {
  it('accepts a standard address', () => {
    expect(EmailSchema.safeParse('investor@alpine.example').success).toBe(true);
  });

  it('limits the local part to 64 characters', () => {
    expect(EmailSchema.safeParse(`${'a'.repeat(64)}@example.com`).success).toBe(true);
    expect(EmailSchema.safeParse(`${'a'.repeat(65)}@example.com`).success).toBe(false);
  });

  it('limits each domain label to 63 characters', () => {
    expect(EmailSchema.safeParse(`a@${'b'.repeat(63)}.com`).success).toBe(true);
    expect(EmailSchema.safeParse(`a@${'b'.repeat(64)}.com`).success).toBe(false);
  });

  it('limits the whole address to 254 characters', () => {
    const domain = `${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.com`;
    const ok = `${'a'.repeat(254 - domain.length - 1)}@${domain}`;
    expect(ok.length).toBe(254);
    expect(EmailSchema.safeParse(ok).success).toBe(true);
    expect(EmailSchema.safeParse(`a${ok}`).success).toBe(false);
  });
});
