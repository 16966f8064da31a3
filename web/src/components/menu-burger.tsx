import { Burger } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
