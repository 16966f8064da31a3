import { lazy } from 'react';

let later: Promise<unknown> | undefined;

/**
 * Loads the styles no first screen needs (./mantine-styles-later.ts), once (again after a failure,
 * so that a retried page can still get them). The first screen starts it on the visitor's first
 * press or soon after it is drawn (tenant-boundary.tsx); a page or component loaded lazily awaits it.
 */
export const loadLaterStyles = (): Promise<unknown> => {
  later ??= import('./mantine-styles-later').catch((error: unknown) => {
    later = undefined;
    throw error;
  });
  return later;
};

/**
 * `React.lazy` for a page or component that may draw any Mantine component: it renders once its
 * code and the later styles are both in, so nothing shows unstyled. The styles are asked for first,
 * so their sheet comes before the module's own CSS, which may build on them.
 */
export const lazyStyled: typeof lazy = (load) =>
  lazy(() => {
    const styles = loadLaterStyles();
    return Promise.all([load(), styles]).then(([module]) => module);
  });
