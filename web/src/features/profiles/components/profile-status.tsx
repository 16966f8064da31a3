import { Badge, Group } from '@mantine/core';
import { VALIDATION_STATUS_LABELS, type ValidationStatus } from '@tranche/shared/profile/profile-enums';
import { PROFILE_LIFECYCLE, type ProfileState } from '@tranche/shared/profile/profile-lifecycle';
import { BADGE_WARNING } from '@/components/badge-colors';
import { useLang } from '@/i18n/use-lang';

// Outlined in dark shades: 4.5:1 and more on white whatever the tenant's brand colour (as the home page's steps).
const STATUS_COLOR: Record<ValidationStatus, string> = {
  SUCCESS: 'teal.9',
  FAILED: 'red.9',
  SALES_SUPPORT: 'grape.9',
  EXPIRED: BADGE_WARNING,
  UNVERIFIED: 'gray.7',
};

/**
 * A profile's validation status (the spec's value and label) and, while it is not decided, where it
 * stands in our lifecycle (draft, submitted, documents requested), which the investor acts on.
 */
export const ProfileStatus = ({
  state,
  validationStatus,
}: {
  state: ProfileState;
  validationStatus: ValidationStatus;
}) => {
  const lang = useLang();
  const undecided = validationStatus === 'UNVERIFIED';
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={STATUS_COLOR[validationStatus]} variant="outline" radius="sm" miw="max-content">
        {VALIDATION_STATUS_LABELS[validationStatus][lang]}
      </Badge>
      {undecided && (
        <Badge
          color={state === 'DOCUMENTS_REQUESTED' ? 'orange.7' : 'gray.6'}
          variant="dot"
          radius="sm"
          miw="max-content"
        >
          {PROFILE_LIFECYCLE.stateLabel(state, lang)}
        </Badge>
      )}
    </Group>
  );
};
