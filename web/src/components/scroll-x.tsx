import type { ReactNode } from 'react';

/**
 * Wide content (tables) scrolls sideways inside the page on small screens instead of overflowing it.
 * Focusable and named, so keyboard users can scroll it too.
 */
export const ScrollX = ({ label, children }: { label: string; children: ReactNode }) => (
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
  <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto', maxWidth: '100%' }}>
    {children}
  </section>
);
