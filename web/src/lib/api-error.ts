import { type ErrorCode, errorMessage, isErrorCode } from '@tranche/shared/errors/catalogue';
import type { Lang } from '@tranche/shared/i18n/langs';

/** Codes the client raises itself: the request never got an answer. */
export type ClientErrorCode = 'NETWORK_ERROR';

export interface FieldError {
  /** The failing field without its `body.` / `query.` / `params.` location, e.g. `email`. */
  field: string;
  /** The validation rule that failed (zod issue code or a spec §5 key); the UI translates it. */
  rule: string;
}

/**
 * A failed API call. `message` is the catalogue's message in the language the request was made in,
 * its placeholders filled from `details` (a refused transition names its state and event); screens
 * re-read it with `messageIn(lang)` so a language switch re-translates errors on screen.
 * The server's own message text is never shown.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ErrorCode | ClientErrorCode;
  readonly status: number;
  readonly fieldErrors: readonly FieldError[];
  /** The body's `details` as sent: an MFA challenge, `remainingTries`, `retryAfterSeconds`, `fields`… */
  readonly details: Readonly<Record<string, unknown>>;
  readonly requestId: string | undefined;

  constructor(init: {
    code: ErrorCode | ClientErrorCode;
    status: number;
    lang: Lang;
    fieldErrors?: readonly FieldError[];
    details?: Readonly<Record<string, unknown>>;
    requestId?: string;
    cause?: unknown;
  }) {
    super(init.code === 'NETWORK_ERROR' ? init.code : errorMessage(init.code, init.lang, init.details), {
      cause: init.cause,
    });
    this.code = init.code;
    this.status = init.status;
    this.fieldErrors = init.fieldErrors ?? [];
    this.details = init.details ?? {};
    this.requestId = init.requestId;
  }

  /** The catalogue message in `lang`, or undefined for client-side codes (the UI has its own text). */
  messageIn(lang: Lang): string | undefined {
    return this.code === 'NETWORK_ERROR' ? undefined : errorMessage(this.code, lang, this.details);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** When the body carries no catalogue code (a proxy's HTML error page, say), the status decides. */
const codeForStatus = (status: number): ErrorCode => {
  switch (status) {
    case 400:
      return 'PARAMS_ERROR';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'VERSION_CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 502:
    case 503:
    case 504:
      return 'SERVICE_UNAVAILABLE';
    default:
      return 'INTERNAL_ERROR';
  }
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const FIELD_LOCATION = /^(body|query|params|path)(\.|$)/;

/** Reads the wire error body `{code, message, details?: {fields?}, requestId}` into an ApiError. */
export const errorFromBody = (status: number, body: unknown, lang: Lang): ApiError => {
  const code = isObject(body) && isErrorCode(body.code) ? body.code : codeForStatus(status);
  const requestId = isObject(body) && typeof body.requestId === 'string' ? body.requestId : undefined;
  const details = isObject(body) && isObject(body.details) ? body.details : {};
  const fields = details.fields;
  const fieldErrors: FieldError[] = Array.isArray(fields)
    ? fields.filter(isObject).map((f) => ({
        field: String(f.field ?? '').replace(FIELD_LOCATION, ''),
        rule: String(f.rule ?? 'invalid'),
      }))
    : [];
  return new ApiError({ code, status, lang, fieldErrors, details, ...(requestId ? { requestId } : {}) });
};
