import { Burger } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLang } from '@/i18n/use-lang';

/** The small-screen menu button of a page frame, named for what it will do and tied to the menu it opens. */
export const MenuBurger = ({
  opened,
  onClick,
  controls,
}: {
  opened: boolean;
  onClick: () => void;
  controls: string;
}) => {
  const { t } = useTranslation();
  return (
    <Burger
      opened={opened}
      onClick={onClick}
      hiddenFrom="sm"
      size="sm"
      aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
      aria-expanded={opened}
      aria-controls={controls}
    />
  );
};

/**
 * Closes a frame's small-screen menu the ways people expect: Escape (focus goes back to the burger
 * that opened it, so a keyboard user is not left on a vanished link), moving to another page, and
 * choosing another language (the menu would otherwise stay open over the re-rendered page).
 */
export const useMenuDismiss = (opened: boolean, close: () => void, controls: string) => {
  const { pathname } = useLocation();
  const lang = useLang();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the page or the language changes
  useEffect(() => {
    close();
  }, [pathname, lang, close]);
  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      document.querySelector<HTMLElement>(`[aria-controls="${controls}"]`)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [opened, close, controls]);
};
