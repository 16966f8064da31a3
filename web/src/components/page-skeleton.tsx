import {
  Box,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './page-skeleton.module.css';

/**
 * Loading placeholders shaped like what they stand in for, so the page keeps its layout while data
 * and code arrive and nothing jumps when they do (issue 9). Each announces its label once to screen
 * readers; the shapes themselves are hidden from them.
 */
export const Busy = ({ label, children }: { label: string; children: ReactNode }) => (
  <div role="status" aria-live="polite" aria-busy="true">
    <VisuallyHidden>{label}</VisuallyHidden>
    <div aria-hidden>{children}</div>
  </div>
);

/** A page of the app: its title, a line of introduction, then a block of content. */
export const PageSkeleton = ({ label }: { label: string }) => (
  <Container size="lg" py="xl" className={classes.screen}>
    <Busy label={label}>
      <Stack gap="md">
        <Skeleton h={32} w="40%" />
        <Skeleton h={16} w="70%" />
        <Skeleton h={200} mt="md" radius="md" />
        <Skeleton h={120} radius="md" />
      </Stack>
    </Busy>
  </Container>
);

/** Fund cards as the catalogue lays them out (one, two or three a row). */
export const CardGridSkeleton = ({ count = 3 }: { count?: number }) => (
  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
    {Array.from({ length: count }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with no identity
      <Paper key={i} withBorder radius="md" p="lg" className={classes.card}>
        <Stack gap="sm">
          <Group gap="xs">
            <Skeleton h={20} w={64} radius="xl" />
            <Skeleton h={20} w={96} radius="xl" />
          </Group>
          <Skeleton h={24} w="80%" />
          <Skeleton h={12} />
          <Skeleton h={12} w="90%" />
          <SimpleGrid cols={2} spacing="sm" mt="xs">
            <Skeleton h={32} />
            <Skeleton h={32} />
            <Skeleton h={32} />
            <Skeleton h={32} />
          </SimpleGrid>
          <Skeleton h={36} w="50%" mt="sm" />
        </Stack>
      </Paper>
    ))}
  </SimpleGrid>
);

/** One section of a fund page: its heading, then facts in a grid or the rows of a table. */
export const SectionSkeleton = ({ kind }: { kind: 'facts' | 'table' }) => (
  <Paper withBorder radius="md" p="lg">
    <Skeleton h={26} w={180} mb="md" />
    {kind === 'facts' ? (
      <SimpleGrid cols={{ base: 2, lg: 3 }} spacing="md">
        {Array.from({ length: 9 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with no identity
          <Stack key={i} gap={6}>
            <Skeleton h={10} w="50%" />
            <Skeleton h={16} w="80%" />
          </Stack>
        ))}
      </SimpleGrid>
    ) : (
      <Stack gap="sm">
        <Skeleton h={14} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    )}
  </Paper>
);

/** The sections of a fund page while their list loads: key terms, then a table. */
export const FundSectionsSkeleton = ({ label }: { label: string }) => (
  <Busy label={label}>
    <Stack gap="lg">
      <SectionSkeleton kind="facts" />
      <SectionSkeleton kind="table" />
    </Stack>
  </Busy>
);

/**
 * A fund page's content (ProductView's layout): badges, name and summary, then the sections beside
 * the subscription card (the card first on a phone, as the page puts it). At least a screen tall,
 * so the footer stays below the first screen until the content arrives.
 */
export const FundSkeleton = ({ label }: { label: string }) => (
  <div className={classes.screen}>
    <Busy label={label}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Group gap="xs">
            <Skeleton h={22} w={72} radius="sm" />
            <Skeleton h={22} w={110} radius="sm" />
          </Group>
          <Skeleton h={38} w="60%" />
          <Skeleton h={20} w="85%" maw={760} />
        </Stack>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <Paper withBorder radius="md" p="lg">
              <Stack gap="sm">
                <Skeleton h={20} w="60%" />
                <Skeleton h={14} />
                <Skeleton h={36} mt="xs" />
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <Stack gap="lg">
              <SectionSkeleton kind="facts" />
              <SectionSkeleton kind="table" />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Busy>
  </div>
);

/** A fund page while its code loads: the page's frame (ProductDetailPage's) around FundSkeleton. */
export const FundPageSkeleton = ({ label }: { label: string }) => (
  <Container size="lg" py="xl">
    <Stack gap="lg">
      <Skeleton h={22} w={140} />
      <FundSkeleton label={label} />
    </Stack>
  </Container>
);

/**
 * The portal's landing page: the tenant's hero band, the funds heading (real text: it needs no
 * data), the filter bar and a row of fund cards.
 */
export const LandingSkeleton = ({ label, heading, intro }: { label: string; heading: string; intro: string }) => (
  <Box className={classes.screen}>
    <Box className={classes.hero} py={{ base: 40, sm: 64 }}>
      <Container size="lg">
        <Stack gap="xs" aria-hidden>
          <Skeleton h={18} w={120} />
          <Skeleton h={44} w="50%" />
          <Skeleton h={22} w="70%" maw={640} />
        </Stack>
      </Container>
    </Box>
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={2}>{heading}</Title>
          <Text c="dimmed">{intro}</Text>
        </div>
        <Busy label={label}>
          <Stack gap="lg">
            <Skeleton h={36} radius="md" />
            <Skeleton h={28} w={160} />
            <CardGridSkeleton />
          </Stack>
        </Busy>
      </Stack>
    </Container>
  </Box>
);

/**
 * The portal's frame before the tenant is known: the header bar (brand, then the controls on the
 * right) over the page's own skeleton, at the real header's height.
 */
export const ShellSkeleton = ({ children }: { children: ReactNode }) => (
  <div className={classes.shell}>
    <header className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" aria-hidden>
          <Group gap="sm" wrap="nowrap">
            <Skeleton h={36} w={36} radius="md" />
            <Skeleton h={18} w={140} />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Skeleton h={30} w={72} visibleFrom="sm" />
            <Skeleton h={30} w={64} />
            <Skeleton h={30} w={80} />
          </Group>
        </Group>
      </Container>
    </header>
    <main className={classes.main}>{children}</main>
  </div>
);
