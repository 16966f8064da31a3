import type { Lang } from '@tranche/shared/i18n/langs';
import type { KycCase } from '@tranche/shared/profile/kyc.schema';
import { KYC_CASE_LIFECYCLE } from '@tranche/shared/profile/kyc-case-lifecycle';
import { REQUIREMENT_KIND_LABELS } from '@tranche/shared/profile/profile-enums';
import type { TFunction } from 'i18next';
import type { AuditTrailEntry } from '@/components/audit-trail';
import { formatList } from '@/lib/format';

type HistoryEntry = KycCase['history'][number];

interface Context {
  t: TFunction;
  lang: Lang;
  /** The signed-in user: their own entries read "You ...". */
  userId?: string | undefined;
}

/** Actions the case page has a sentence for; anything newer reads "{actor}: {action}" rather than nothing. */
const PLAIN_ACTIONS = new Set(['KYC_CASE_OPENED', 'KYC_CASE_RESCREENED', 'KYC_CASE_DOCUMENTS_ADDED']);

/**
 * A case's history as the console's audit trail shows it: newest first, each entry a sentence in the
 * user's language ("You asked the investor for documents") with its reason, the status it moved
 * between, and what was asked for, on lines of their own.
 */
export const readKycHistory = (history: readonly HistoryEntry[], { t, lang, userId }: Context): AuditTrailEntry[] => {
  // Keys are built from the entry's action and decision: looked up as plain strings; the locale files'
  // types hold every key used here.
  const say = t as unknown as (key: string, values?: Record<string, unknown>) => string;
  const k = (key: string, values?: Record<string, unknown>) => say(`gpKyc.history.${key}`, values);
  return [...history]
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .map((entry) => {
      const actor =
        entry.actorId === 'SYSTEM'
          ? k('system')
          : entry.actorId === userId
            ? k('you')
            : entry.actorName || k('someone');
      const sentence = entry.decision
        ? k(`decided.${entry.decision}`, { actor })
        : PLAIN_ACTIONS.has(entry.action)
          ? k(entry.action, { actor })
          : k('other', { actor, action: entry.action });
      const details: string[] = [];
      if (entry.reason) details.push(k('reason', { reason: entry.reason }));
      if (entry.from && entry.to && entry.from !== entry.to)
        details.push(
          k('moved', {
            from: KYC_CASE_LIFECYCLE.stateLabel(entry.from, lang),
            to: KYC_CASE_LIFECYCLE.stateLabel(entry.to, lang),
          }),
        );
      if (entry.documents?.kinds.length)
        details.push(
          k('kinds', {
            kinds: formatList(
              entry.documents.kinds.map((kind) => REQUIREMENT_KIND_LABELS[kind][lang]),
              lang,
            ),
          }),
        );
      if (entry.documents?.note) details.push(k('note', { note: entry.documents.note }));
      return { id: entry.eventId, at: entry.at, action: entry.action, sentence, details };
    });
};
