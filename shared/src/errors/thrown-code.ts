import { DomainError } from './domain-error.js';

/**
 * For tests: the catalogue code `fn` throws, undefined when it returns, 'not a DomainError' when it
 * throws anything else (the lifecycle, money and signing tests assert refusals by their codes).
 */
export const thrownCode = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a DomainError';
  }
};
