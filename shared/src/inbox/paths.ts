/**
 * Where an inbox message opens on the portal (below the tenant's base, no prefix or host): the
 * emailed link and the web app's routes use these, so the two agree.
 */
export const inboxMessagePath = (messageId: string): string => `/inbox/${messageId}`;
/** The manager's console keeps its own inbox under /gp. */
export const gpInboxMessagePath = (messageId: string): string => `/gp/inbox/${messageId}`;
