// The public surface of features/watchlist (web/README.md, Layout): the bookmark on fund cards and
// pages, and the investor's saved funds for the home page. Light: fund cards in the first download use it.
export { useKeepsWatchlist, useWatchlist, watchlistKey } from './api/watchlist';
export { BookmarkIcon } from './components/bookmark-icon';
export { WatchToggle } from './components/watch-toggle';
