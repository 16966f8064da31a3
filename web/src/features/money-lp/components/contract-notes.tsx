import type { ContractNote } from '@tranche/shared/money/money.schema';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PdfLinkButton } from '@/components/pdf-link-button';
import { contractNotePdf } from '@/features/money-lp/api/money';
import { formatUnits } from '@/features/money-lp/lib/figures';
import { useLang } from '@/i18n/use-lang';
import { formatDate, formatMoney } from '@/lib/format';

/**
 * An open-ended investment's contract notes: per dealt order the dealing date, the NAV per unit it
 * dealt at (forward pricing), gross, fee, net and the units issued, as the server recorded them.
 */
export const ContractNotesTable = ({ notes }: { notes: readonly ContractNote[] }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const money = (n: ContractNote, amount: string) => formatMoney(amount, n.currency, lang);
  const columns: DataTableColumn<ContractNote>[] = [
    {
      key: 'dealing',
      header: t('moneyLp.contractNotes.dealingDate'),
      rowHeader: true,
      noWrap: true,
      sortValue: (n) => n.dealingDate,
      render: (n) => formatDate(n.dealingDate, lang),
    },
    {
      key: 'nav',
      header: t('moneyLp.contractNotes.navPerUnit'),
      align: 'end',
      noWrap: true,
      render: (n) => `${formatUnits(n.navPerUnit, lang)} ${n.currency}`,
    },
    {
      key: 'gross',
      header: t('moneyLp.contractNotes.gross'),
      align: 'end',
      noWrap: true,
      render: (n) => money(n, n.gross),
    },
    { key: 'fee', header: t('moneyLp.contractNotes.fee'), align: 'end', noWrap: true, render: (n) => money(n, n.fee) },
    { key: 'net', header: t('moneyLp.contractNotes.net'), align: 'end', noWrap: true, render: (n) => money(n, n.net) },
    {
      key: 'units',
      header: t('moneyLp.contractNotes.units'),
      align: 'end',
      noWrap: true,
      render: (n) => formatUnits(n.units, lang),
    },
    { key: 'pdf', header: t('moneyLp.contractNotes.document'), render: (n) => <ContractNotePdfButton note={n} /> },
  ];
  return (
    <DataTable
      label={t('moneyLp.contractNotes.tableLabel')}
      columns={columns}
      rows={notes}
      rowKey={(n) => n.contractNoteId}
      minWidth={680}
      withTableBorder={false}
    />
  );
};

/** The contract note's PDF (rendered by the notice worker), opened from a fresh 5-minute link. */
const ContractNotePdfButton = ({ note }: { note: ContractNote }) => {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <PdfLinkButton
      link={() => contractNotePdf(note.subscriptionId, note.contractNoteId)}
      label={t('moneyLp.contractNotes.pdf')}
      ariaLabel={t('moneyLp.contractNotes.pdfFor', { date: formatDate(note.dealingDate, lang) })}
      failedTitle={t('moneyLp.contractNotes.pdfFailed')}
      notReadyCode="contractNoteNotReady"
      notReadyText={t('moneyLp.contractNotes.pdfNotReady')}
    />
  );
};
