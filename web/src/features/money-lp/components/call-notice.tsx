import { Alert, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { printedIban } from '@tranche/shared/money/iban';
import type { InvestorCall } from '@tranche/shared/money/money.schema';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfLinkButton } from '@/components/pdf-link-button';
import { callNoticePdf, useNoticePaymentDetails } from '@/features/money-lp/api/money';
import { isPositive, paymentReference } from '@/features/money-lp/lib/figures';
import { useLang } from '@/i18n/use-lang';
import { formatDate, formatMoney } from '@/lib/format';
import { NoticeStateBadge } from './state-badges';

interface CallNoticeProps {
  call: InvestorCall;
  /** h2 on the calls page, h3 under an investment's "Capital calls" heading. */
  headingOrder?: 2 | 3;
}

/**
 * One investor's capital call notice (ILPA's items): the investment, the management fee and the
 * expenses called, the total, what is paid and outstanding, the due date, and how to pay. The
 * payment details are shown here only: emails never carry them (functions/src/inbox/email.ts).
 */
export const CallNotice = ({ call, headingOrder = 2 }: CallNoticeProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const headingId = useId();
  const money = (amount: string) => formatMoney(amount, call.currency, lang);
  const due = formatDate(call.dueDate, lang);
  const owing = isPositive(call.outstanding);
  const rows: [string, string, boolean?][] = [
    [t('moneyLp.notice.investment'), call.items.investment],
    [t('moneyLp.notice.managementFee'), call.items.managementFee],
    [t('moneyLp.notice.expenses'), call.items.expenses],
    [t('moneyLp.notice.total'), call.amount, true],
    [t('moneyLp.notice.paid'), call.paid],
    [t('moneyLp.notice.outstanding'), call.outstanding, true],
  ];
  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={headingOrder} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {t('moneyLp.notice.heading', { fund: call.fund, date: formatDate(call.issuedAt, lang) })}
          </Title>
          <NoticeStateBadge state={call.state} />
        </Group>
        <NoticePdfButton call={call} />
        {call.purpose && (
          <Text size="sm">
            <Text span fw={600}>
              {t('moneyLp.notice.purpose')}:
            </Text>{' '}
            {call.purpose}
          </Text>
        )}
        <Table withRowBorders verticalSpacing={6} maw={520}>
          <Table.Caption>
            <VisuallyHidden>{t('moneyLp.notice.tableLabel', { fund: call.fund })}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('moneyLp.notice.item')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('moneyLp.notice.amount')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(([label, amount, strong]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" fw={strong ? 700 : 400}>
                  {label}
                </Table.Th>
                <Table.Td ta="end" fw={strong ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
                  {money(amount)}
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">{t('moneyLp.notice.dueDate')}</Table.Th>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                {due}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {owing ? (
          <Alert variant="light" color="blue" title={<HowToPayHeading order={headingOrder} />}>
            <Stack gap={6}>
              <Text size="sm">
                {t('moneyLp.notice.howToPayBody', {
                  amount: money(call.outstanding),
                  currency: call.currency,
                  date: due,
                })}
              </Text>
              <Text size="sm">
                <Text span fw={600}>
                  {t('moneyLp.notice.reference')}:
                </Text>{' '}
                <Text span ff="monospace">
                  {paymentReference(call.callId, call.subscriptionId)}
                </Text>
              </Text>
              <PayTo call={call} />
            </Stack>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {t('moneyLp.notice.paidBody')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
};

/** The ILPA-shaped PDF of the notice (English: the worker has no CJK font yet), opened from a fresh link. */
const NoticePdfButton = ({ call }: { call: InvestorCall }) => {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Group>
      <PdfLinkButton
        link={() => callNoticePdf(call.callId, call.subscriptionId)}
        label={t('moneyLp.notice.pdf')}
        ariaLabel={t('moneyLp.notice.pdfFor', { fund: call.fund, date: formatDate(call.issuedAt, lang) })}
        failedTitle={t('moneyLp.notice.pdfFailed')}
        notReadyCode="callNoticeNotReady"
        notReadyText={t('moneyLp.notice.pdfNotReady')}
      />
    </Group>
  );
};

const HowToPayHeading = ({ order }: { order: 2 | 3 }) => {
  const { t } = useTranslation();
  return (
    <Title order={order === 2 ? 3 : 4} size="h6">
      {t('moneyLp.notice.howToPay')}
    </Title>
  );
};

/**
 * The fund's account in the call's currency (docs/money.md "Fund bank details"), read from the
 * investor's own notice only while something is outstanding. Shown here and in the PDF, never emailed.
 */
const PayTo = ({ call }: { call: InvestorCall }) => {
  const { t } = useTranslation();
  const { data, error } = useNoticePaymentDetails(call.callId, call.subscriptionId, true);
  if (error) return null;
  if (!data)
    return (
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('moneyLp.notice.payToLoading')}
      </Text>
    );
  const a = data.account;
  if (!a)
    return (
      <Text size="sm" fw={600}>
        {t('moneyLp.notice.payToMissing', { currency: call.currency })}
      </Text>
    );
  const rows: [string, string | undefined, boolean?][] = [
    [t('moneyLp.notice.bankName'), a.bankName],
    [t('moneyLp.notice.accountName'), a.accountName],
    [t('moneyLp.notice.iban'), a.iban ? printedIban(a.iban) : undefined, true],
    [t('moneyLp.notice.accountNumber'), a.accountNumber, true],
    [t('moneyLp.notice.swiftBic'), a.swiftBic, true],
    [t('moneyLp.notice.routingNumber'), a.routingNumber, true],
    [t('moneyLp.notice.bankAddress'), a.bankAddress],
  ];
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {t('moneyLp.notice.payTo')}
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} maw={520}>
        <Table.Tbody>
          {rows
            .filter((r): r is [string, string, boolean?] => r[1] !== undefined)
            .map(([label, value, mono]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" fw={400} style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                  {label}
                </Table.Th>
                <Table.Td
                  ff={mono ? 'monospace' : undefined}
                  style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
                >
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
};
