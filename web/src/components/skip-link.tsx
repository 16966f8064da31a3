import classes from './skip-link.module.css';

/** The first focusable element: keyboard users jump past the header and navigation. */
export const SkipLink = ({ target, label }: { target: string; label: string }) => (
  <a className={classes.skipLink} href={`#${target}`}>
    {label}
  </a>
);
