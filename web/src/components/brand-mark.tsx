import { Box, Group, Text } from '@mantine/core';

/** The tenant's logo text in a brand-coloured tile, next to its display name. */
export const BrandMark = ({ logoText, name }: { logoText: string; name: string }) => (
  <Group gap="sm" wrap="nowrap" miw={0}>
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
    <Text fw={700} truncate="end">
      {name}
    </Text>
  </Group>
);
