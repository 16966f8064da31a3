import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AMOUNT_TILES,
  type AmountTile,
  MEASURE_TILES,
  type MeasureTile,
  measureValue,
  type TileFigures,
} from '@/features/money-lp/lib/figures';
import { useLang } from '@/i18n/use-lang';
import { formatDate, formatMoney } from '@/lib/format';

interface TileProps {
  label: string;
  value: string;
  /** Under the value: what it means, its date, or why there is no value. */
  note?: string | undefined;
  muted?: boolean;
}

/** One figure: a group named by its label, so "NAV" and its value are read together. */
export const Tile = ({ label, value, note, muted = false }: TileProps) => {
  const id = useId();
  return (
    <Paper role="group" aria-labelledby={id} withBorder radius="md" p="sm" miw={0}>
      <Text id={id} size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text
        fz={{ base: 'md', sm: 'lg' }}
        fw={700}
        c={muted ? 'dimmed' : undefined}
        style={{ overflowWrap: 'anywhere' }}
      >
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
};

interface TilesProps {
  figures: TileFigures;
  /** Which tiles: the home page shows a few amounts, the portfolio and an investment all of them. */
  amounts?: readonly AmountTile[];
  measures?: readonly MeasureTile[];
  /** Columns per breakpoint; the home page's narrow column takes two. */
  cols?: Record<string, number>;
}

/**
 * The dashboard tiles of spec section 2 (NAV, distributions, committed, invested, undrawn,
 * redeemed) and the performance measures (TVPI, DPI, RVPI, XIRR), as the server computed them. A
 * measure without a value reads "Not available" with the reason, never 0.
 */
export const SummaryTiles = ({ figures, amounts = AMOUNT_TILES, measures = MEASURE_TILES, cols }: TilesProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const money = (amount: string) => formatMoney(amount, figures.currency, lang);
  return (
    <SimpleGrid cols={cols ?? { base: 2, sm: 3, lg: 5 }} spacing="sm">
      {amounts.map((tile) => {
        if (tile === 'nav') {
          const nav = figures.nav;
          return (
            <Tile
              key={tile}
              label={t('moneyLp.tile.nav')}
              value={nav === undefined ? t('moneyLp.notAvailable') : money(nav)}
              muted={nav === undefined}
              note={
                nav === undefined
                  ? t('moneyLp.tileHelp.noNav')
                  : figures.navDate
                    ? t('moneyLp.tileHelp.navAsOf', { date: formatDate(figures.navDate, lang) })
                    : undefined
              }
            />
          );
        }
        return <Tile key={tile} label={t(`moneyLp.tile.${tile}`)} value={money(figures[tile])} />;
      })}
      {measures.map((tile) => {
        const value = measureValue(tile, figures, lang);
        const m = figures[tile];
        return (
          <Tile
            key={tile}
            label={t(`moneyLp.tile.${tile}`)}
            value={
              value === undefined
                ? t('moneyLp.notAvailable')
                : tile === 'xirr'
                  ? value
                  : t('moneyLp.multiple', { value })
            }
            muted={value === undefined}
            note={m.available ? t(`moneyLp.tileHelp.${tile}`) : t(`moneyLp.reason.${m.reason}`)}
          />
        );
      })}
    </SimpleGrid>
  );
};

/** Ten tiles' places while the figures load, so the page keeps its layout. */
const SKELETON_TILES = ['t0', 't1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9'] as const;
export const TilesSkeleton = () => (
  <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
    {SKELETON_TILES.map((key) => (
      <Skeleton key={key} h={84} radius="md" />
    ))}
  </SimpleGrid>
);
