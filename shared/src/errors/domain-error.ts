import { ERROR_CATALOGUE, type ErrorCode, type ErrorDetails } from './catalogue.js';

/** A refusal the caller can act on; the HTTP layer turns it into the catalogue's status and message. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;

  constructor(code: ErrorCode, details?: ErrorDetails) {
    super(code);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_CATALOGUE[this.code].status;
  }
}
