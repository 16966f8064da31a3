// The public surface of features/inbox: what the app and other features may import (web/README.md, Layout).
// Light on purpose: the frame's menu item (with its badge), the phone header's bell and the banner are
// in the first download (about 2 KB gzipped; lazy-loading them measured larger, from the extra chunks).
// The home page's task list is the second entry, ./home.ts, so its strings load with that page only.
export { useUnreadCount } from './api/unread-count';
export { InboxBanner } from './components/inbox-banner';
export { InboxHeaderLink, InboxNavLink } from './components/inbox-nav-link';
