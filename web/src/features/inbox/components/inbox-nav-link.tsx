import { Badge, Box, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useUnreadCount } from '@/features/inbox/api/unread-count';
import { useCurrentUser } from '@/features/session';

/** Shown on the badge beyond this; the accessible name keeps the exact number. */
const BADGE_MAX = 99;

/** The count for a signed-in user (undefined for a visitor), refreshing on its own (useUnreadCount). */
const useBadge = () => {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { data } = useUnreadCount(Boolean(user));
  if (!user) return undefined;
  const count = data?.count ?? 0;
  return {
    count,
    // The bell's accessible name says both ("Inbox, 3 unread messages"): the badge alone would be read as a bare number.
    name: count > 0 ? t('inboxNav.labelWithUnread', { count }) : t('inboxNav.label'),
    badge:
      count > 0 ? (
        // red.8 on white: 4.9:1 (red.6 would be 3.3:1).
        <Badge size="sm" radius="xl" color="red.8" variant="filled" aria-hidden>
          {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
        </Badge>
      ) : null,
  };
};

/**
 * "Inbox" in the portal's menu for a signed-in user, with the unread count as a badge. The count
 * refreshes on its own, so no reload is needed to see it change. The name comes from the content
 * (the visible "Inbox", then the count in words for assistive technology, the badge hidden from it),
 * so it always starts with what is shown and speech control finds the link by its visible label.
 */
export const InboxNavLink = ({ className }: { className?: string | undefined }) => {
  const { t } = useTranslation();
  const badge = useBadge();
  if (!badge) return null;
  return (
    <NavLink to="/inbox" className={className} data-unread={badge.count}>
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        {t('inboxNav.label')}
        {badge.count > 0 && <VisuallyHidden>{t('inboxNav.unreadInName', { count: badge.count })}</VisuallyHidden>}
        {badge.badge}
      </span>
    </NavLink>
  );
};

const BellIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      d="M6 9a6 6 0 0 1 12 0c0 5 2 6.5 2 6.5H4S6 14 6 9Zm4.3 10a1.9 1.9 0 0 0 3.4 0"
    />
  </svg>
);

/**
 * The same link as a bell in the phone header, where the menu (and its "Inbox" item) is folded away:
 * the unread count stays in sight on every page.
 */
export const InboxHeaderLink = () => {
  const badge = useBadge();
  if (!badge) return null;
  return (
    <Box
      component={Link}
      to="/inbox"
      aria-label={badge.name}
      pos="relative"
      display="inline-flex"
      p={6}
      c="gray.8"
      style={{ borderRadius: 'var(--mantine-radius-md)', alignItems: 'center' }}
    >
      <BellIcon />
      {badge.badge && (
        <Box pos="absolute" top={-2} right={-6} style={{ lineHeight: 1 }}>
          {badge.badge}
        </Box>
      )}
    </Box>
  );
};
