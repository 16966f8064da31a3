import { Badge } from '@mantine/core';
import { KYC_CASE_LIFECYCLE, type KycCaseStatus } from '@tranche/shared/profile/kyc-case-lifecycle';
import { BADGE_WARNING } from '@/components/badge-colors';
import classes from '@/components/cell-badge.module.css';
import { useLang } from '@/i18n/use-lang';

// Dark shades on white (at least 4.5:1); the lifecycle's own label says the status.
const COLORS: Record<KycCaseStatus, string> = {
  IN_REVIEW: 'blue.9',
  DOCUMENTS_REQUESTED: BADGE_WARNING,
  DOCUMENTS_UPLOADED: 'violet.9',
  SALES_SUPPORT: 'grape.9',
  APPROVED: 'teal.9',
  REJECTED: 'red.9',
};

/** A KYC case's status, named by the lifecycle table in the UI language. */
export const StatusBadge = ({ status }: { status: KycCaseStatus }) => {
  const lang = useLang();
  return (
    <Badge color={COLORS[status]} variant="outline" radius="sm" className={classes.badge}>
      {KYC_CASE_LIFECYCLE.stateLabel(status, lang)}
    </Badge>
  );
};
