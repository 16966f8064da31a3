import { describe, expect, it } from 'vitest';
import { cached } from './runtime-secrets.js';

describe('run-time configuration cache', () => {
  it('reads a value once per container while it is fresh', async () => {
    let reads = 0;
    const load = async () => [`v${++reads}`];
    expect(await cached('k1', load)).toEqual(['v1']);
    expect(await cached('k1', load)).toEqual(['v1']);
    expect(reads).toBe(1);
  });

  it('does not keep a failed read: the next request tries again', async () => {
    let reads = 0;
    const failing = async () => {
      reads++;
      throw new Error('unavailable');
    };
    await expect(cached('k2', failing)).rejects.toThrow('unavailable');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cached('k2', async () => ['ok'])).toEqual(['ok']);
    expect(reads).toBe(1);
  });
});
