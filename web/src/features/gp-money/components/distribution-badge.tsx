import { DISTRIBUTION_LIFECYCLE, type DistributionState } from '@tranche/shared/money/distribution-state';
import { useLang } from '@/i18n/use-lang';
import { StateBadge } from './badges';

const DISTRIBUTION_COLORS: Record<DistributionState, string> = {
  DRAFT: 'gray.8',
  APPROVED: 'blue.9',
  PAID: 'teal.9',
  CANCELLED: 'red.9',
};

export const DistributionStateBadge = ({ state }: { state: DistributionState }) => {
  const lang = useLang();
  return <StateBadge color={DISTRIBUTION_COLORS[state]} label={DISTRIBUTION_LIFECYCLE.stateLabel(state, lang)} />;
};
