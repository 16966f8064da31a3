import { Box, Group, Image, Text } from '@mantine/core';
import classes from './brand-mark.module.css';

/**
 * The tenant's logo next to its display name: the uploaded image when there is one, else the logo
 * text in a brand-coloured tile. The name is always text (the image is decorative beside it).
 */
export const BrandMark = ({
  logoText,
  name,
  logoUrl,
  compact = false,
}: {
  logoText: string;
  name: string;
  logoUrl?: string | undefined;
  /**
   * A phone header has no room for the name beside its controls: below `xs` the logo alone, not
   * "Al…"; the name stays for screen readers (brand-mark.module.css).
   */
  compact?: boolean;
}) => (
  <Group gap="sm" wrap="nowrap" miw={0}>
    {logoUrl ? (
      <Image src={logoUrl} alt="" h={36} w="auto" maw={160} fit="contain" style={{ flexShrink: 0 }} />
    ) : (
      <Box
        aria-hidden
        bg="var(--mantine-primary-color-filled)"
        c="var(--mantine-primary-color-contrast)"
        w={36}
        h={36}
        fw={700}
        fz="sm"
        style={{ borderRadius: 'var(--mantine-radius-md)', display: 'grid', placeItems: 'center', flexShrink: 0 }}
      >
        {logoText}
      </Box>
    )}
    <Text fw={700} truncate="end" className={compact ? classes.compactName : undefined}>
      {name}
    </Text>
  </Group>
);
