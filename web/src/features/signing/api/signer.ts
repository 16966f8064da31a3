import type { FieldValueInput } from '@tranche/shared/signing/sign.schema';
import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

/**
 * The signer's calls (shared/src/http/routes/sign.routes.ts). Who the caller is: their session (a
 * signer with an account) or the emailed link token (header x-signing-link); what they may see after
 * the emailed code: the ticket /sign/validate answers (header x-signing-ticket). The ticket is kept
 * in memory only: a reload asks for a code again, and no script-readable storage holds it.
 */
export interface SignerCredentials {
  link: string | null;
  ticket: string | null;
}

// Literal header names (sign.schema.ts SIGNING_LINK_HEADER / SIGNING_TICKET_HEADER): importing that
// module would bring zod into the signer page's first chunk for two strings.
const headersOf = ({ link, ticket }: SignerCredentials): Record<string, string> => ({
  ...(link ? { 'x-signing-link': link } : {}),
  ...(ticket ? { 'x-signing-ticket': ticket } : {}),
});

export interface SignerRef {
  projectId: string;
  signerId: string;
}

// Under 'session' (a sign-out clears them), then 'signer' and the ids; the ticket is part of the key
// so what was read before the code is never shown as if read after it.
export const signProjectKey = (ref: SignerRef, creds: SignerCredentials) =>
  ['session', 'signer', 'project', ref.projectId, ref.signerId, creds.link, creds.ticket] as const;
export const signDetailKey = (ref: SignerRef, creds: SignerCredentials) =>
  ['session', 'signer', 'detail', ref.projectId, ref.signerId, creds.link, creds.ticket] as const;
export const signStatusKey = (ref: SignerRef, creds: SignerCredentials) =>
  ['session', 'signer', 'status', ref.projectId, ref.signerId, creds.link, creds.ticket] as const;

/** The project as the signer sees it before the code: name, sender, state, the consent text. */
export const useSignProject = (ref: SignerRef, creds: SignerCredentials) =>
  useSWR(signProjectKey(ref, creds), () => apiFetch('getSignProject', { query: ref, headers: headersOf(creds) }), {
    revalidateOnFocus: false,
  });

/** The documents with this signer's fields and links to the source PDFs (needs the ticket). */
export const useSignDetail = (ref: SignerRef, creds: SignerCredentials, enabled: boolean) =>
  useSWR(
    enabled && creds.ticket ? signDetailKey(ref, creds) : null,
    () => apiFetch('getSignDetail', { query: ref, headers: headersOf(creds) }),
    // The source links are short-lived; pdf.js holds the bytes once read, so no refetch on focus.
    { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false },
  );

/**
 * Everyone's progress (needs the ticket). Asked for again every few seconds while the documents are
 * being sealed, so the done screen's download appears by itself.
 */
export const useSignStatus = (ref: SignerRef, creds: SignerCredentials, enabled: boolean, poll: boolean) =>
  useSWR(
    enabled && creds.ticket ? signStatusKey(ref, creds) : null,
    () => apiFetch('getSignProjectStatus', { query: ref, headers: headersOf(creds) }),
    { refreshInterval: poll ? 3000 : 0 },
  );

/** The documents once more (fresh short-lived links), e.g. for the sealed PDF's link after signing. */
export const readSignDetail = (ref: SignerRef, creds: SignerCredentials) =>
  apiFetch('getSignDetail', { query: ref, headers: headersOf(creds) });

export const sendCode = (ref: SignerRef, creds: SignerCredentials) =>
  apiFetch('sendSigningCode', { body: ref, headers: headersOf(creds) });

export const validateCode = (ref: SignerRef, creds: SignerCredentials, code: string) =>
  apiFetch('validateSigningCode', { body: { ...ref, code }, headers: headersOf(creds) });

export const signDocuments = (ref: SignerRef, creds: SignerCredentials, values: FieldValueInput[]) =>
  apiFetch('actAsSigner', {
    params: { signerId: ref.signerId },
    query: { projectId: ref.projectId },
    body: { action: 'SIGN', consent: true, values },
    headers: headersOf(creds),
  });

export const giveConsent = (ref: SignerRef, creds: SignerCredentials) =>
  apiFetch('actAsSigner', {
    params: { signerId: ref.signerId },
    query: { projectId: ref.projectId },
    body: { action: 'CONSENT' },
    headers: headersOf(creds),
  });

export const declineSigning = (ref: SignerRef, creds: SignerCredentials, reason: string) =>
  apiFetch('actAsSigner', {
    params: { signerId: ref.signerId },
    query: { projectId: ref.projectId },
    body: { action: 'DECLINE', reason },
    headers: headersOf(creds),
  });

// Literal header name (sign.schema.ts SIGNING_COPY_HEADER), for the same reason as above.
const copyHeaders = (token: string) => ({ 'x-signing-copy': token });

/** The signed copy for the emailed copy token: short-lived links to each sealed PDF (GET /sign/copy). */
export const readSignedCopy = (ref: SignerRef, token: string) =>
  apiFetch('getSignedCopy', { query: ref, headers: copyHeaders(token) });

export const useSignedCopy = (ref: SignerRef, token: string) =>
  useSWR(['signer', 'copy', ref.projectId, ref.signerId, token] as const, () => readSignedCopy(ref, token), {
    revalidateOnFocus: false,
  });
