import { Badge } from '@mantine/core';
import type { AccountInviteStatus } from '@tranche/shared/enums';
import { useTranslation } from 'react-i18next';
import classes from '@/components/cell-badge.module.css';

// Outline badges in the darkest shades: the text keeps at least 4.5:1 on white, and the word, not
// the colour, says the status.
const COLORS: Record<AccountInviteStatus, string> = {
  NOT_INVITE: 'gray.8',
  INVITED: 'orange.9',
  REGISTERED: 'teal.9',
  LOCKED: 'red.9',
};

/** An account's status: active, invited (has not set a password yet) or locked. */
export const AccountStatusBadge = ({ status }: { status: AccountInviteStatus }) => {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="outline" radius="sm" className={classes.badge}>
      {t(`gpConsole.status.${status}`)}
    </Badge>
  );
};
