import { Button, Container, Group, NativeSelect, Paper, Stack, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Transaction } from '@tranche/shared/money/money.schema';
import { LEDGER_KINDS } from '@tranche/shared/money/money-enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cursorPaging, DataTable, type DataTableColumn } from '@/components/data-table';
import { NoticePanel } from '@/components/notice-panel';
import { exportTransactions, useStatistics, useTransactions } from '@/features/money-lp/api/money';
import { InvestorOnly } from '@/features/money-lp/components/investor-only';
import { PageHead } from '@/features/money-lp/components/page-head';
import { downloadText, filterTransactions, formatUnits, fundsOf } from '@/features/money-lp/lib/figures';
import { useTenant } from '@/features/tenant';
import { errorText, useLang } from '@/i18n/use-lang';
import { formatDate, formatMoney } from '@/lib/format';
import { notifications } from '@/lib/notifications';

/**
 * /transactions: every ledger movement of the investor's investments (spec types and statuses),
 * newest first, read from the server a page at a time ("Show more" asks for the next page), filtered
 * by date range and fund (the server's query; the funds offered are those of the investor's
 * investments, not of the pages read) and by type (here, over the pages read), with the whole range
 * of the fund exported as CSV by the server in one answer, however many pages the list has.
 */
const TransactionsPage = () => {
  const { t } = useTranslation();
  const tenant = useTenant();
  useDocumentTitle(`${t('moneyLp.transactions.title')} · ${tenant.branding.displayName}`);
  return <InvestorOnly>{() => <Transactions />}</InvestorOnly>;
};
export default TransactionsPage;

const Transactions = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [productId, setProductId] = useState('');
  const [kind, setKind] = useState('');
  const [exporting, setExporting] = useState(false);
  const pages = useTransactions(from, to, productId);
  // The investments (the dashboard's answer, usually cached already) name the funds to choose from.
  const investments = useStatistics().data?.investments ?? [];
  const { error, isLoading, mutate } = pages;
  // The server's pages are newest first already.
  const rows = filterTransactions(pages.items, { kind });
  const filtered = Boolean(productId || kind || from || to);

  const onExport = async () => {
    setExporting(true);
    try {
      downloadText(await exportTransactions(from, to, productId));
      notifications.show({ color: 'green', message: t('moneyLp.transactions.exported') });
    } catch (failure) {
      notifications.show({
        color: 'red',
        title: t('moneyLp.transactions.exportFailed'),
        message: errorText(failure, lang, t),
      });
    } finally {
      setExporting(false);
    }
  };

  const columns: DataTableColumn<Transaction>[] = [
    {
      key: 'date',
      header: t('moneyLp.transactions.date'),
      rowHeader: true,
      noWrap: true,
      sortValue: (r) => `${r.effectiveDate}#${String(r.seq).padStart(8, '0')}`,
      render: (r) => formatDate(r.effectiveDate, lang),
    },
    { key: 'fund', header: t('moneyLp.transactions.fund'), sortValue: (r) => r.fund, render: (r) => r.fund },
    {
      key: 'type',
      header: t('moneyLp.transactions.type'),
      sortValue: (r) => r.kind,
      render: (r) =>
        r.reverses
          ? `${t(`moneyLp.transactions.kind.${r.kind}`)} (${t('moneyLp.transactions.reversal')})`
          : t(`moneyLp.transactions.kind.${r.kind}`),
    },
    {
      key: 'status',
      header: t('moneyLp.transactions.status'),
      render: (r) => (r.status ? t(`moneyLp.transactions.statusLabel.${r.status}`) : '—'),
    },
    {
      key: 'amount',
      header: t('moneyLp.transactions.amount'),
      align: 'end',
      noWrap: true,
      sortValue: (r) => Number(r.amount),
      render: (r) => formatMoney(r.amount, r.currency, lang),
    },
    {
      key: 'units',
      header: t('moneyLp.transactions.units'),
      align: 'end',
      noWrap: true,
      render: (r) => (r.units ? formatUnits(r.units, lang) : '—'),
    },
  ];

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <PageHead title={t('moneyLp.transactions.title')} intro={t('moneyLp.transactions.intro')} />
        <Paper
          component="form"
          withBorder
          radius="md"
          p="md"
          aria-label={t('moneyLp.transactions.filters')}
          onSubmit={(e) => e.preventDefault()}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect
              label={t('moneyLp.transactions.fund')}
              value={productId}
              onChange={(e) => setProductId(e.currentTarget.value)}
              data={[{ value: '', label: t('moneyLp.transactions.allFunds') }, ...fundsOf(investments)]}
              miw={200}
              style={{ flex: '1 1 12rem' }}
            />
            <NativeSelect
              label={t('moneyLp.transactions.type')}
              value={kind}
              onChange={(e) => setKind(e.currentTarget.value)}
              data={[
                { value: '', label: t('moneyLp.transactions.allTypes') },
                ...LEDGER_KINDS.map((k) => ({ value: k, label: t(`moneyLp.transactions.kind.${k}`) })),
              ]}
              style={{ flex: '1 1 10rem' }}
            />
            <TextInput
              type="date"
              label={t('moneyLp.transactions.from')}
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.currentTarget.value)}
              style={{ flex: '1 1 9rem' }}
            />
            <TextInput
              type="date"
              label={t('moneyLp.transactions.to')}
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.currentTarget.value)}
              style={{ flex: '1 1 9rem' }}
            />
            <Button variant="default" loading={exporting} onClick={() => void onExport()}>
              {t('moneyLp.transactions.export')}
            </Button>
          </Group>
        </Paper>
        <DataTable
          label={t('moneyLp.transactions.tableLabel')}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.entryId}
          minWidth={760}
          loading={isLoading}
          error={error}
          onRetry={() => void mutate()}
          paging={cursorPaging(pages, t('moneyLp.transactions.showMore'))}
          empty={
            <NoticePanel title={t('moneyLp.transactions.emptyTitle')}>
              {filtered ? t('moneyLp.transactions.emptyFiltered') : t('moneyLp.transactions.emptyBody')}
            </NoticePanel>
          }
        />
      </Stack>
    </Container>
  );
};
