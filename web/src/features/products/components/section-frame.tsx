import { Paper, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useHeadingOrder } from './heading-level';

/** One section of a product's page: a bordered region named by its heading. */
export const SectionFrame = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId();
  const order = useHeadingOrder(2);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Title order={order} size="h3" id={id} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
};
