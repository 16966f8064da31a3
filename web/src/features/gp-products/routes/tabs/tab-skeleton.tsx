import { Skeleton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A tab's content loading: announced once, drawn as a block about the content's height. */
export const TabSkeleton = ({ height }: { height: number }) => {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true">
      <VisuallyHidden>{t('gpProducts.loading')}</VisuallyHidden>
      <Skeleton h={height} aria-hidden />
    </div>
  );
};
