import { ActionIcon, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useKeepsWatchlist, useWatchToggle } from '@/features/watchlist/api/watchlist';
import { useErrorText } from '@/i18n/use-lang';
import { BookmarkIcon } from './bookmark-icon';

interface WatchToggleProps {
  productId: string;
  /** The fund's name in the UI language: the icon button's accessible name says which fund. */
  name: string;
  /** `icon` on fund cards (a bookmark), `button` on the fund page (a bookmark with its words). */
  variant?: 'icon' | 'button';
}

/**
 * Saves a fund to the investor's watchlist, or takes it off. Shown to investors only: visitors and
 * the team have no watchlist. The name says what a press does ("Save …" / "Remove … from your
 * watchlist"), so the state is heard as well as seen in the filled bookmark.
 */
export const WatchToggle = ({ productId, name, variant = 'icon' }: WatchToggleProps) => {
  const keeps = useKeepsWatchlist();
  if (!keeps) return null;
  return <Toggle productId={productId} name={name} variant={variant} />;
};

const Toggle = ({ productId, name, variant }: Required<WatchToggleProps>) => {
  const { t } = useTranslation();
  const { saved, busy, error, toggle } = useWatchToggle(productId);
  const errorText = useErrorText(error);
  const press = () => void toggle();
  const control =
    variant === 'icon' ? (
      <ActionIcon
        variant={saved ? 'light' : 'subtle'}
        size="lg"
        radius="md"
        onClick={press}
        aria-busy={busy || undefined}
        aria-label={saved ? t('watchlist.removeNamed', { name }) : t('watchlist.saveNamed', { name })}
        title={saved ? t('watchlist.saved') : t('watchlist.save')}
      >
        <BookmarkIcon filled={saved} />
      </ActionIcon>
    ) : (
      // Outlined either way, so it never reads as one of the subscription actions above it.
      <Button
        variant="default"
        onClick={press}
        aria-busy={busy || undefined}
        leftSection={<BookmarkIcon filled={saved} />}
        fullWidth
      >
        {saved ? t('watchlist.savedButton') : t('watchlist.saveButton')}
      </Button>
    );
  if (!error) return control;
  return (
    <Stack gap={4} align={variant === 'icon' ? 'flex-end' : 'stretch'}>
      {control}
      <Text size="xs" c="red.8" role="alert">
        {errorText}
      </Text>
    </Stack>
  );
};
