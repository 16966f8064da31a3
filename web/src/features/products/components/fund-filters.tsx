import { Badge, Button, Group, NativeSelect, SimpleGrid, TextInput, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ASSET_STRATEGIES, FUND_TYPES, OBJECTIVES, REGIONS, TARGET_RETURN_RANGES } from '@tranche/shared/enums';
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPENNESS_FILTERS, type OpennessFilter, type ProductSearchConditions, type ViewType } from '@/lib/storage';

interface FundFiltersProps {
  conditions: ProductSearchConditions;
  onConditionsChange: (next: ProductSearchConditions) => void;
  viewType: ViewType;
  onViewTypeChange: (next: ViewType) => void;
  /** The currencies the tenant offers. */
  currencies: readonly string[];
}

type OptionalFilter = Exclude<keyof ProductSearchConditions, 'text' | 'openness'>;

const OPTIONAL_FILTERS = ['strategy', 'region', 'fundType', 'objective', 'targetReturnRange', 'currency'] as const;

/** How many of the select filters are set (the search text aside). */
const activeFilters = (c: ProductSearchConditions) =>
  OPTIONAL_FILTERS.filter((key) => c[key] !== undefined).length + (c.openness !== 'ALL' ? 1 : 0);

export const hasConditions = (c: ProductSearchConditions) => c.text.trim() !== '' || activeFilters(c) > 0;

/**
 * Memoised: the landing page re-renders for its list's loading states (swr's revalidation on mount
 * among them, a synchronous update), which do not concern the filters (issue 9's blocking time).
 */
export const FundFilters = memo(function FundFilters({
  conditions,
  onConditionsChange,
  viewType,
  onViewTypeChange,
  currencies,
}: FundFiltersProps) {
  const { t } = useTranslation();
  const filtersId = useId();
  const gridId = useId();
  // Small screens fold the seven selects away behind one button; wide ones always show them.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);
  const active = activeFilters(conditions);

  const choose = (key: OptionalFilter, value: string) => {
    const next = { ...conditions };
    if (value) (next as Record<string, unknown>)[key] = value;
    else delete next[key];
    onConditionsChange(next);
  };
  const anyOption = { value: '', label: t('catalogue.anyOption') };
  const select = (key: OptionalFilter, label: string, options: { value: string; label: string }[]) => (
    <NativeSelect
      label={label}
      value={conditions[key] ?? ''}
      onChange={(e) => choose(key, e.currentTarget.value)}
      data={[anyOption, ...options]}
    />
  );

  return (
    <section aria-labelledby={filtersId}>
      <VisuallyHidden>
        <h3 id={filtersId}>{t('catalogue.filters')}</h3>
      </VisuallyHidden>
      <Group align="flex-end" gap="sm" wrap="wrap" mb="sm">
        <TextInput
          label={t('landing.search')}
          placeholder={t('landing.searchPlaceholder')}
          type="search"
          value={conditions.text}
          onChange={(e) => onConditionsChange({ ...conditions, text: e.currentTarget.value })}
          style={{ flex: '1 1 260px' }}
        />
        <fieldset style={{ border: 0, margin: 0, padding: 0, minInlineSize: 0 }}>
          <VisuallyHidden component="legend">{t('landing.viewType')}</VisuallyHidden>
          <Button.Group>
            {(['CARD', 'LIST'] as const).map((v) => (
              <Button
                key={v}
                variant={viewType === v ? 'filled' : 'default'}
                aria-pressed={viewType === v}
                onClick={() => onViewTypeChange(v)}
              >
                {t(v === 'CARD' ? 'landing.viewCards' : 'landing.viewList')}
              </Button>
            ))}
          </Button.Group>
        </fieldset>
        {!wide && (
          <Button
            variant="default"
            aria-expanded={open}
            aria-controls={gridId}
            onClick={() => setOpen((o) => !o)}
            rightSection={
              active > 0 ? (
                <Badge size="sm" circle>
                  {active}
                </Badge>
              ) : undefined
            }
          >
            {t('catalogue.moreFilters')}
          </Button>
        )}
      </Group>
      <SimpleGrid
        id={gridId}
        display={!wide && !open ? 'none' : undefined}
        cols={{ base: 2, sm: 4, lg: 7 }}
        spacing="sm"
        verticalSpacing="xs"
      >
        <NativeSelect
          label={t('landing.statusFilter')}
          value={conditions.openness}
          onChange={(e) => onConditionsChange({ ...conditions, openness: e.currentTarget.value as OpennessFilter })}
          data={OPENNESS_FILTERS.map((value) => ({
            value,
            label: value === 'ALL' ? t('landing.allStatuses') : t(`openness.${value}`),
          }))}
        />
        {select(
          'fundType',
          t('catalogue.fundType'),
          FUND_TYPES.map((v) => ({ value: v, label: t(`fundType.${v}`) })),
        )}
        {select(
          'strategy',
          t('catalogue.strategy'),
          ASSET_STRATEGIES.map((v) => ({ value: v, label: t(`strategy.${v}`) })),
        )}
        {select(
          'region',
          t('catalogue.region'),
          REGIONS.map((v) => ({ value: v, label: t(`region.${v}`) })),
        )}
        {select(
          'objective',
          t('catalogue.objective'),
          OBJECTIVES.map((v) => ({ value: v, label: t(`objective.${v}`) })),
        )}
        {select(
          'targetReturnRange',
          t('catalogue.targetReturn'),
          TARGET_RETURN_RANGES.map((v) => ({ value: v, label: t(`targetReturnRange.${v}`) })),
        )}
        {select(
          'currency',
          t('catalogue.currency'),
          currencies.map((v) => ({ value: v, label: v })),
        )}
      </SimpleGrid>
    </section>
  );
});
