import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { GpOverview } from '@tranche/shared/console/console.schema';
import { ACCOUNT_INVITE_STATUSES, PRODUCT_STATES } from '@tranche/shared/enums';
import { type ReactNode, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/error-state';
import { useGpOverview } from '@/features/gp-console/api/get-gp-overview';
import { useGpSettings } from '@/features/gp-console/api/get-gp-settings';
import { OPEN_TASKS_COUNTED, useOpenTasks } from '@/features/gp-console/api/open-tasks';
import { AccessNotice, isAccessError } from '@/features/gp-console/components/access-notice';
import type { CountBar } from '@/features/gp-console/components/count-bar-chart';
import { useTenant } from '@/features/tenant';
import { useErrorText, useLang } from '@/i18n/use-lang';
import { formatDateTime } from '@/lib/format';
import { lazyStyled } from '@/lib/later-styles';

// recharts is the console's heaviest module: it loads after the figures, and only here.
const CountBarChart = lazyStyled(() => import('@/features/gp-console/components/count-bar-chart'));

/** Investor statuses worth a bar: NOT_INVITE is a state of the invitation table no account stays in. */
const INVESTOR_STATUSES = ACCOUNT_INVITE_STATUSES.filter((s) => s !== 'NOT_INVITE');

/** The console's overview: the tenant in figures (funds, investors, team, tasks), then the team settings. */
export const GpHome = () => {
  const { t } = useTranslation();
  const tenant = useTenant();
  const lang = useLang();
  const { data, error, isLoading, mutate } = useGpOverview();
  useDocumentTitle(`${t('gp.consoleName')} · ${tenant.branding.displayName}`);

  if (isAccessError(error)) return <AccessNotice error={error} returnTo="/gp" />;

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{t('gp.overview')}</Title>
        <Text c="dimmed">{t('gpConsole.overview.intro', { name: tenant.branding.displayName })}</Text>
      </div>
      {isLoading ? (
        <OverviewSkeleton />
      ) : error || !data ? (
        <LoadError error={error} onRetry={() => void mutate()} />
      ) : (
        <Figures overview={data} />
      )}
      {data && (
        <Text size="xs" c="dimmed">
          {t('gpConsole.overview.asOf', { time: formatDateTime(data.asOf, lang) })}
        </Text>
      )}
      <SettingsSummary />
    </Stack>
  );
};

/** The same boxes the figures fill, so nothing moves when they arrive. */
const OverviewSkeleton = () => {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true">
      <VisuallyHidden>{t('gpConsole.overview.loading')}</VisuallyHidden>
      <Stack gap="lg" aria-hidden>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={118} radius="md" />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton h={330} radius="md" />
          <Skeleton h={330} radius="md" />
        </SimpleGrid>
      </Stack>
    </div>
  );
};

const Figures = ({ overview }: { overview: GpOverview }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const number = (n: number) => new Intl.NumberFormat(lang).format(n);
  const { products, investors, team } = overview;
  const pendingInvites = team.byStatus.INVITED;
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard
          label={t('gp.products')}
          value={number(products.total)}
          detail={t('gpConsole.overview.figure', {
            label: t('gpConsole.overview.funds.state.PUBLISHED'),
            value: number(products.byState.PUBLISHED),
          })}
          link={{ to: '/gp/products', label: t('gpConsole.overview.funds.open') }}
        />
        <StatCard
          label={t('gpConsole.overview.investors.total')}
          value={number(investors.total)}
          detail={t('gpConsole.overview.figure', {
            label: t('gpConsole.overview.investors.newLast30Days'),
            value: number(investors.newLast30Days),
          })}
          link={{ to: '/gp/investors', label: t('gpConsole.overview.investors.open') }}
        />
        <StatCard
          label={t('gpConsole.overview.team.members')}
          value={number(team.total)}
          detail={t('gpConsole.overview.figure', {
            label: t('gpConsole.overview.team.pending'),
            value: number(pendingInvites),
          })}
          link={{ to: '/gp/team', label: t('gpConsole.overview.team.open') }}
        />
        <TasksCard />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CountsSection
          title={t('gpConsole.overview.funds.title')}
          categoryHeader={t('gpConsole.overview.funds.stateColumn')}
          countHeader={t('gpConsole.overview.funds.countColumn')}
          bars={PRODUCT_STATES.map((s) => ({
            label: t(`gpConsole.overview.funds.state.${s}`),
            value: products.byState[s],
          }))}
          color="indigo.6"
          empty={products.total === 0 ? t('gpConsole.overview.funds.empty') : undefined}
          link={{ to: '/gp/products', label: t('gpConsole.overview.funds.open') }}
        />
        <CountsSection
          title={t('gpConsole.overview.investors.byStatus')}
          categoryHeader={t('gpConsole.overview.investors.statusColumn')}
          countHeader={t('gpConsole.overview.investors.countColumn')}
          bars={INVESTOR_STATUSES.map((s) => ({ label: t(`gpConsole.status.${s}`), value: investors.byStatus[s] }))}
          color="teal.7"
          empty={investors.total === 0 ? t('gpConsole.overview.investors.empty') : undefined}
          link={{ to: '/gp/investors', label: t('gpConsole.overview.investors.open') }}
        />
      </SimpleGrid>
      <SlotCard title={t('gpConsole.overview.interest.title')}>{t('gpConsole.overview.interest.empty')}</SlotCard>
    </>
  );
};

interface StatCardProps {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  link?: { to: string; label: string };
}

/** One figure: what it counts, the number, a line of context, and where to act on it. */
const StatCard = ({ label, value, detail, link }: StatCardProps) => {
  const labelId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={labelId}>
      <Stack gap={4} h="100%">
        <Text id={labelId} size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <Text fz={32} fw={700} lh={1.1}>
          {value}
        </Text>
        {detail && (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        )}
        {link && (
          <Anchor component={Link} to={link.to} size="sm" mt="auto" underline="always">
            {link.label}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
};

/** The user's open tasks (issue 10's inbox) as a figure: "20+" past the first page, which is all it reads. */
const TasksCard = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const { data, error, isLoading } = useOpenTasks();
  const failure = useErrorText(error);
  const title = t('gpConsole.overview.tasks.title');
  if (isLoading) return <Skeleton h={118} radius="md" />;
  if (error || !data) return <SlotCard title={title}>{failure}</SlotCard>;
  const number = new Intl.NumberFormat(lang);
  return (
    <StatCard
      label={title}
      value={data.nextCursor ? `${number.format(OPEN_TASKS_COUNTED)}+` : number.format(data.items.length)}
      detail={data.items.length === 0 ? t('gpConsole.overview.tasks.none') : undefined}
      link={{ to: '/gp/tasks', label: t('gpConsole.overview.tasks.open') }}
    />
  );
};

/** A figure a later issue fills in: what it will show, in place of a number. */
const SlotCard = ({ title, children }: { title: string; children: ReactNode }) => {
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId} bg="gray.0">
      <Text id={titleId} size="sm" c="dimmed" fw={500} mb={4}>
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Paper>
  );
};

interface CountsSectionProps {
  title: string;
  categoryHeader: string;
  countHeader: string;
  bars: CountBar[];
  color: string;
  empty?: string | undefined;
  link: { to: string; label: string };
}

/** Counts by category: a bar chart, and the same figures as a table (the chart's accessible form). */
const CountsSection = ({ title, categoryHeader, countHeader, bars, color, empty, link }: CountsSectionProps) => {
  const lang = useLang();
  const titleId = useId();
  const chartHeight = Math.max(120, bars.length * 44);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {empty ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <Suspense fallback={<Skeleton h={chartHeight} aria-hidden />}>
            <CountBarChart bars={bars} seriesLabel={countHeader} color={color} />
          </Suspense>
        )}
        <Table aria-labelledby={titleId} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{categoryHeader}</Table.Th>
              <Table.Th scope="col" ta="end">
                {countHeader}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bars.map((bar) => (
              <Table.Tr key={bar.label}>
                <Table.Th scope="row" fw={400}>
                  {bar.label}
                </Table.Th>
                <Table.Td ta="end">{new Intl.NumberFormat(lang).format(bar.value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group>
          <Anchor component={Link} to={link.to} size="sm" underline="always">
            {link.label}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
};

/** The team settings as they were the overview's only content: still worth a glance, and a link to change them. */
const SettingsSummary = () => {
  const { t } = useTranslation();
  const { data, error } = useGpSettings();
  const titleId = useId();
  if (error || !data) return null;
  const { settings, version } = data;
  const yesNo = (on: boolean) => (on ? t('common.enabled') : t('common.disabled'));
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId} maw={720}>
      <Title order={2} size="h4" id={titleId} mb="sm">
        {t('gp.settings')}
      </Title>
      <Table>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t('gp.requireMfaForGp')}</Table.Th>
            <Table.Td>{yesNo(settings.requireMfaForGp)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('gp.fourEyesApproval')}</Table.Th>
            <Table.Td>{yesNo(settings.fourEyesApproval)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('gp.capitalCallNotice')}</Table.Th>
            <Table.Td>{t('gp.businessDays', { count: settings.capitalCallNoticeBusinessDays })}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Group justify="space-between" mt="sm">
        <Text size="xs" c="dimmed">
          {t('gp.settingsVersion', { version })}
        </Text>
        <Anchor component={Link} to="/gp/settings" size="sm" underline="always">
          {t('gpConsole.overview.settingsLink')}
        </Anchor>
      </Group>
    </Paper>
  );
};
