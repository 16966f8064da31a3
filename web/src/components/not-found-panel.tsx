import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NoticePanel } from './notice-panel';

interface NotFoundPanelProps {
  title: string;
  /** Why there is nothing here, in the user's language. */
  children: ReactNode;
  /** Where the way back leads, and what its button says. */
  backTo: string;
  backLabel: string;
}

/** A screen whose subject does not exist: the page's heading, an alert, and a button back to its list. */
export const NotFoundPanel = ({ title, children, backTo, backLabel }: NotFoundPanelProps) => (
  <NoticePanel
    title={title}
    headingOrder={1}
    role="alert"
    action={
      <Button component={Link} to={backTo}>
        {backLabel}
      </Button>
    }
  >
    {children}
  </NoticePanel>
);
