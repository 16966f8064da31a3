/**
 * The inbox strings the portal's frame shows on every page (the menu item with its unread badge and
 * the banner), so they ship with the first download; the inbox screens' own strings load with them.
 */
export const inboxShellEn = {
  inboxNav: {
    label: 'Inbox',
    unread_one: '{{count}} unread message',
    unread_other: '{{count}} unread messages',
    /** The link's accessible name, so "Inbox" and its badge are announced as one phrase. */
    labelWithUnread_one: 'Inbox, {{count}} unread message',
    labelWithUnread_other: 'Inbox, {{count}} unread messages',
    /** Read after the visible "Inbox" (the menu item's name comes from its content). */
    unreadInName_one: ', {{count}} unread message',
    unreadInName_other: ', {{count}} unread messages',
  },
  inboxBanner: {
    region: 'Needs your attention',
    open: 'Open',
    dismiss: 'Dismiss this message',
    due: 'Due {{date}}',
  },
};
