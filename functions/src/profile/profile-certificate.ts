import { ELIGIBILITY_TEST_RULES, EligibilityEvidenceSchema } from '@tranche/shared/profile/eligibility';
import type { InvestorClassification } from '@tranche/shared/profile/profile-enums';
import type { Actor } from '#lib/audit';
import { DomainError, fieldIssues } from '#lib/errors';
import { certificateItem, deleteProfileItem } from './profile.repo.js';
import { changedFields } from './profile.rules.js';
import { changePart } from './profile-change.js';

/**
 * The evidence as the eligibility rules read it, and for this classification: its test must be one
 * that establishes it (ELIGIBILITY_TEST_RULES). Parsed here, not in the route table, so only this
 * handler carries the eligibility rules (see CertificateInputSchema).
 */
export const parseEvidence = (classification: InvestorClassification, evidence: unknown) => {
  const parsed = EligibilityEvidenceSchema.safeParse(evidence);
  if (!parsed.success) {
    throw new DomainError('evidenceInvalid', { fields: fieldIssues('body.certificate.evidence', parsed.error) });
  }
  const establishes = ELIGIBILITY_TEST_RULES[parsed.data.test].classification;
  if (establishes !== classification) {
    throw new DomainError('evidenceInvalid', {
      fields: [
        {
          field: 'body.certificate.evidence.test',
          rule: 'classification',
          message: `This test establishes ${establishes}, not ${classification}`,
        },
      ],
    });
  }
  return parsed.data;
};

/**
 * A classification's certificate with its evidence, or its removal. Evidence is judged by the
 * eligibility rules and renewed on its own schedule (the eligibility part reads CERT# items), so it
 * does not send a verified profile back to KYC review.
 */
export const patchCertificate = (
  actor: Actor,
  profileId: string,
  seen: number,
  classification: InvestorClassification,
  evidence: unknown,
  remove: boolean,
) => {
  const parsed = evidence === undefined || remove ? undefined : parseEvidence(classification, evidence);
  return changePart(actor, profileId, seen, (before, after) => {
    const old = before.certificates.find((c) => c.classification === classification);
    const others = before.certificates.filter((c) => c.classification !== classification);
    if (remove) {
      after.certificates = others;
      return {
        steps: old ? [{ item: deleteProfileItem(actor.tenantId, profileId, `CERT#${classification}`) }] : [],
        section: 'CERTIFICATE',
        key: classification,
        fields: old ? ['removed'] : [],
        kycRelevant: false,
      };
    }
    const cert = { classification, ...(parsed ? { evidence: parsed } : {}), updatedAt: actor.at };
    after.certificates = [...others, cert];
    return {
      steps: [{ item: certificateItem(actor.tenantId, profileId, cert) }],
      section: 'CERTIFICATE',
      key: classification,
      fields: changedFields(old?.evidence, parsed),
      kycRelevant: false,
    };
  });
};
