import { Group, NativeSelect, SegmentedControl, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  OPENNESS_FILTERS,
  type OpennessFilter,
  type ProductSearchConditions,
  type ViewType,
} from '../../../lib/storage';

interface FundFiltersProps {
  conditions: ProductSearchConditions;
  onConditionsChange: (next: ProductSearchConditions) => void;
  viewType: ViewType;
  onViewTypeChange: (next: ViewType) => void;
}

export const FundFilters = ({ conditions, onConditionsChange, viewType, onViewTypeChange }: FundFiltersProps) => {
  const { t } = useTranslation();
  const viewLabelId = useId();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label={t('landing.search')}
        placeholder={t('landing.searchPlaceholder')}
        type="search"
        value={conditions.text}
        onChange={(e) => onConditionsChange({ ...conditions, text: e.currentTarget.value })}
        style={{ flex: '1 1 220px' }}
      />
      <NativeSelect
        label={t('landing.statusFilter')}
        value={conditions.openness}
        onChange={(e) => onConditionsChange({ ...conditions, openness: e.currentTarget.value as OpennessFilter })}
        data={OPENNESS_FILTERS.map((value) => ({
          value,
          label: value === 'ALL' ? t('landing.allStatuses') : t(`openness.${value}`),
        }))}
        style={{ flex: '0 1 180px' }}
      />
      <div>
        <VisuallyHidden>
          <Text id={viewLabelId}>{t('landing.viewType')}</Text>
        </VisuallyHidden>
        <SegmentedControl
          aria-labelledby={viewLabelId}
          value={viewType}
          onChange={(v) => onViewTypeChange(v as ViewType)}
          data={[
            { value: 'CARD', label: t('landing.viewCards') },
            { value: 'LIST', label: t('landing.viewList') },
          ]}
        />
      </div>
    </Group>
  );
};
