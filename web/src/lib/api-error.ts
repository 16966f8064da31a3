import type { ErrorCode } from '@tranche/shared/errors/catalogue';
import type { Lang } from '@tranche/shared/i18n/langs';

type Catalogue = typeof import('@tranche/shared/errors/catalogue');
let catalogue: Catalogue | undefined;

/**
 * The error catalogue (every code's message in both languages, ~7 KB gzipped) is loaded on the
 * first failed call instead of with the first screen (issue 9's initial-JS budget): the API client
 * awaits this before it reads an error body, so every ApiError it throws has its message.
 */
export const loadErrorCatalogue = async (): Promise<Catalogue> => {
  catalogue ??= await import('@tranche/shared/errors/catalogue');
  return catalogue;
};

const messageOf = (code: ErrorCode, lang: Lang, details?: Readonly<Record<string, unknown>>) =>
  catalogue ? catalogue.errorMessage(code, lang, details) : code;

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
    super(init.code === 'NETWORK_ERROR' ? init.code : messageOf(init.code, init.lang, init.details), {
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
    return this.code === 'NETWORK_ERROR' ? undefined : messageOf(this.code, lang, this.details);
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

/**
 * Reads the wire error body `{code, message, details?: {fields?}, requestId}` into an ApiError.
 * Loads the catalogue first: a code it does not know is read by the status instead.
 */
export const errorFromBody = async (status: number, body: unknown, lang: Lang): Promise<ApiError> => {
  const { isErrorCode } = await loadErrorCatalogue();
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
