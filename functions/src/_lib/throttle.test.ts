import { describe, expect, it } from 'vitest';
import { ipSubject } from './throttle.js';

describe('throttle subject of a client IP', () => {
  it('counts IPv4 per address (and IPv4-mapped IPv6 as the IPv4 address)', () => {
    expect(ipSubject('203.0.113.9')).toBe('203.0.113.9');
    expect(ipSubject('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts IPv6 per /64, whatever the spelling', () => {
    const subject = '2001:db8:85a3:12::/64';
    expect(ipSubject('2001:db8:85a3:12::1')).toBe(subject);
    expect(ipSubject('2001:0db8:85a3:0012:ffff:ffff:ffff:ffff')).toBe(subject);
    expect(ipSubject('2001:DB8:85A3:12:0:0:0:9')).toBe(subject);
    expect(ipSubject('2001:db8:85a3:13::1')).not.toBe(subject);
    expect(ipSubject('::1')).toBe('0:0:0:0::/64');
  });

  it('gives anything that is not an IP one shared subject', () => {
    expect(ipSubject('')).toBe('unknown');
    expect(ipSubject('not-an-ip')).toBe('unknown');
  });
});
