import { Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/error-state';
import { useMoneyFund, useMoneyFunds } from '@/features/gp-money/api/money';
import { useLang } from '@/i18n/use-lang';
import { localized } from '@/lib/localized';

/**
 * The fund and share class a per-class money page (NAV, dealing) works on, kept in the address
 * (?productId=&shareClassId=) so a link or a reload lands on the same class. Without a choice the
 * first fund and its first class are taken.
 */
export const useFundAndClass = () => {
  const [params, setParams] = useSearchParams();
  const funds = useMoneyFunds();
  const productId = params.get('productId') ?? funds.data?.items[0]?.productId;
  const fund = useMoneyFund(productId);
  const classes = fund.data?.shareClasses ?? [];
  const shareClassId = params.get('shareClassId') ?? classes[0]?.shareClassId;
  // Replacing (not pushing) keeps Back leaving the page instead of stepping through every choice.
  const choose = (next: Record<string, string>) => setParams(new URLSearchParams(next), { replace: true });
  return { funds, productId, fund, classes, shareClassId, choose };
};

type FundAndClass = ReturnType<typeof useFundAndClass>;

/** The fund and share class selects of useFundAndClass, or the funds' load error with a retry. */
export const FundClassPicker = ({ choice }: { choice: FundAndClass }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { funds, productId, classes, shareClassId, choose } = choice;
  if (funds.error) return <LoadError error={funds.error} onRetry={() => void funds.mutate()} />;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('gpMoney.nav.fund')}
        value={productId ?? ''}
        onChange={(e) => choose({ productId: e.currentTarget.value })}
        data={(funds.data?.items ?? []).map((p) => ({ value: p.productId, label: localized(p.name, lang) }))}
        maw={320}
      />
      {classes.length > 0 && productId && (
        <NativeSelect
          label={t('gpMoney.nav.shareClass')}
          value={shareClassId ?? ''}
          onChange={(e) => choose({ productId, shareClassId: e.currentTarget.value })}
          data={classes.map((c) => ({
            value: c.shareClassId,
            label: `${localized(c.name, lang)} (${c.currency})`,
          }))}
          maw={320}
        />
      )}
    </Group>
  );
};
