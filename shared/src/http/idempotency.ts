/**
 * The `Idempotency-Key` request header of routes flagged `idempotent` (route-def.ts): the server
 * (functions/src/_lib/idempotency.ts), the OpenAPI document and the web client read it from here.
 * docs/decisions.md "Idempotency" says how a replay is answered.
 */

/** As the client sends it; API Gateway and Node hand it to the handler lower-cased. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** 16–128 URL-safe characters: long enough to be unguessable, short enough to sit in a table key. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** How long the first answer is remembered and replayed. */
export const IDEMPOTENCY_WINDOW_SECONDS = 24 * 60 * 60;

/** The header a replayed answer carries, so a client (or a person reading logs) can tell. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export const isIdempotencyKey = (value: string): boolean => IDEMPOTENCY_KEY_PATTERN.test(value);

/**
 * A fresh key: 128 random bits as 32 hex characters. `getRandomValues` rather than `randomUUID`
 * because the latter exists only in secure contexts, and a portal may be opened over plain HTTP on
 * a developer's LAN address.
 */
export const newIdempotencyKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
