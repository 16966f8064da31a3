import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The small "← back to …" link above a detail screen; the arrow is decoration, not read out. */
export const BackLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Anchor component={Link} to={to} size="sm">
    <span aria-hidden>←</span> {children}
  </Anchor>
);
