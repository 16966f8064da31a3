/**
 * The identity-check port (issue 11, deliver 5; docs/profiles.md "Identity check"). The case service
 * asks it whether each person (or entity) of a profile is who they say, from the identity document
 * (or registration number) on the profile. It is shaped like the document-verification APIs of the
 * usual vendors (Onfido, Jumio, Trulioo, ...): one request per subject with the claimed identity and
 * the document, answered with an outcome, the vendor's reference for the check and reason codes. A
 * vendor that answers asynchronously would return REVIEW with its reference here, and its webhook
 * would update the case later.
 *
 * Today's adapter is the sandbox below: deterministic, no network, so tests and demos know the outcome
 * in advance.
 */
import { createHash } from 'node:crypto';
import type { IdentityOutcome } from '@tranche/shared/profile/kyc-risk';

export interface IdentityDocument {
  /** ID_DOCUMENT_TYPES of profile-enums (PASSPORT, ID_CARD, ...), or the entity's registration. */
  type: string;
  number: string;
  /** Issuing country, ISO alpha-2. */
  country?: string;
}

export interface IdentityRequest {
  /** Ours, echoed back: the subject id on the case. */
  subjectId: string;
  kind: 'person' | 'organisation';
  name: string;
  birthDate?: string;
  nationality?: string;
  document?: IdentityDocument;
}

export interface IdentityResult {
  subjectId: string;
  outcome: IdentityOutcome;
  /** The vendor's id for this check (to find it on their console). */
  reference: string;
  /** Machine-readable reasons, empty when it passed. */
  reasons: string[];
}

export interface IdentityPort {
  readonly provider: string;
  verify(request: IdentityRequest): Promise<IdentityResult>;
}

/**
 * The sandbox adapter. The outcome is chosen by the last character of the document number (spaces
 * and dashes ignored), so anyone can pick it when filling in a profile:
 *
 * | number ends with | outcome | reason                  |
 * |------------------|---------|-------------------------|
 * | 0                | FAIL    | DOCUMENT_NUMBER_INVALID |
 * | 9                | REVIEW  | DOCUMENT_IMAGE_UNCLEAR  |
 * | anything else    | PASS    |                         |
 * | (no document)    | REVIEW  | DOCUMENT_MISSING        |
 *
 * The reference is a hash of the request, so the same request always gets the same reference.
 */
export const sandboxIdentity = (): IdentityPort => ({
  provider: 'SANDBOX',
  verify: async (request) => {
    const reference = `sbx_${createHash('sha256')
      .update(JSON.stringify([request.subjectId, request.name, request.document?.number ?? '']))
      .digest('hex')
      .slice(0, 20)}`;
    const number = request.document?.number.replace(/[\s-]/g, '') ?? '';
    if (!number) return { subjectId: request.subjectId, outcome: 'REVIEW', reference, reasons: ['DOCUMENT_MISSING'] };
    const last = number.at(-1);
    if (last === '0') {
      return { subjectId: request.subjectId, outcome: 'FAIL', reference, reasons: ['DOCUMENT_NUMBER_INVALID'] };
    }
    if (last === '9') {
      return { subjectId: request.subjectId, outcome: 'REVIEW', reference, reasons: ['DOCUMENT_IMAGE_UNCLEAR'] };
    }
    return { subjectId: request.subjectId, outcome: 'PASS', reference, reasons: [] };
  },
});

/** The worst outcome of several checks: one failure fails the profile; one review needs a person. */
export const worstOutcome = (outcomes: readonly IdentityOutcome[]): IdentityOutcome =>
  outcomes.includes('FAIL') ? 'FAIL' : outcomes.includes('REVIEW') ? 'REVIEW' : 'PASS';

let current: IdentityPort | undefined;
/**
 * The process's identity adapter. Only the sandbox exists: IDENTITY_PROVIDER names a vendor once an
 * adapter for it is written; any other value is refused at first use rather than checking nobody.
 */
export const identity = (): IdentityPort => {
  if (current) return current;
  const provider = process.env.IDENTITY_PROVIDER || 'SANDBOX';
  if (provider !== 'SANDBOX') throw new Error(`IDENTITY_PROVIDER ${provider} has no adapter`);
  current = sandboxIdentity();
  return current;
};
