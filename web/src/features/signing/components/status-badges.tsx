import { Badge } from '@mantine/core';
import {
  SIGNER_LIFECYCLE,
  SIGNING_PROJECT_LIFECYCLE,
  type SignerState,
  type SigningProjectState,
} from '@tranche/shared/signing/signing-state';
import classes from '@/components/cell-badge.module.css';
import { useLang } from '@/i18n/use-lang';

// Dark shades on white (at least 4.5:1); the lifecycle's own label, not the colour, says the status.
const PROJECT_COLORS: Record<SigningProjectState, string> = {
  DRAFT: 'gray.8',
  SENT: 'blue.9',
  PARTLY_SIGNED: 'violet.9',
  COMPLETED: 'teal.9',
  DECLINED: 'red.9',
  VOIDED: 'dark.6',
  EXPIRED: 'orange.9',
};

const SIGNER_COLORS: Record<SignerState, string> = {
  WAITING: 'gray.8',
  NOTIFIED: 'blue.9',
  VERIFIED: 'violet.9',
  SIGNED: 'teal.9',
  DECLINED: 'red.9',
  LOCKED: 'orange.9',
  CANCELLED: 'dark.6',
};

/** A signing project's status, named by the lifecycle table in the UI language. */
export const ProjectStatusBadge = ({ status }: { status: SigningProjectState }) => {
  const lang = useLang();
  return (
    <Badge color={PROJECT_COLORS[status]} variant="outline" radius="sm" className={classes.badge}>
      {SIGNING_PROJECT_LIFECYCLE.stateLabel(status, lang)}
    </Badge>
  );
};

/** A signer's state (invited, verified, signed…), in the UI language. */
export const SignerStateBadge = ({ state }: { state: SignerState }) => {
  const lang = useLang();
  return (
    <Badge color={SIGNER_COLORS[state]} variant="outline" radius="sm" className={classes.badge}>
      {SIGNER_LIFECYCLE.stateLabel(state, lang)}
    </Badge>
  );
};
