import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useUnreadCount } from '@/features/inbox/api/unread-count';
import { useCurrentUser } from '@/features/session';

/** Shown on the badge beyond this; the accessible name keeps the exact number. */
const BADGE_MAX = 99;

/**
 * "Inbox" in the portal's menu for a signed-in user, with the unread count as a badge. The link's
 * accessible name says both ("Inbox, 3 unread messages"): the badge alone would be read as a bare
 * number. The count refreshes on its own (useUnreadCount), so no reload is needed to see it change.
 */
export const InboxNavLink = ({ className }: { className?: string | undefined }) => {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { data } = useUnreadCount(Boolean(user));
  if (!user) return null;
  const count = data?.count ?? 0;
  return (
    <NavLink
      to="/inbox"
      className={className}
      aria-label={count > 0 ? t('inboxNav.labelWithUnread', { count }) : undefined}
      data-unread={count}
    >
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        {t('inboxNav.label')}
        {count > 0 && (
          <Badge size="sm" radius="xl" color="red" variant="filled" aria-hidden>
            {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
          </Badge>
        )}
      </span>
    </NavLink>
  );
};
