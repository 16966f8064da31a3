/** The bookmark's strings: fund cards show it, and they are in the first download. */
export const watchlistShellEn = {
  watchlist: {
    save: 'Save to watchlist',
    saved: 'On your watchlist',
    saveNamed: 'Save {{name}} to your watchlist',
    removeNamed: 'Remove {{name}} from your watchlist',
    saveButton: 'Save to watchlist',
    savedButton: 'Saved to watchlist',
  },
};
