import { editEventFor, PROFILE_LIFECYCLE, type ProfileState } from '@tranche/shared/profile/profile-lifecycle';

/** Whether the investor may change the profile at all (under review it is frozen: the manager decides on what was sent). */
export const isEditable = (state: ProfileState): boolean => PROFILE_LIFECYCLE.can(state, editEventFor(state), 'SELF');

/**
 * Whether the profile is still being filled in by the investor (a draft, a rejected one being
 * corrected, or documents asked for), as opposed to a decided one they may revise.
 */
export const isInProgress = (state: ProfileState): boolean => PROFILE_LIFECYCLE.can(state, 'EDIT', 'SELF');

/** Whether a change sends a verified profile back to review (the wizard says so before saving). */
export const editReopensReview = (state: ProfileState): boolean => editEventFor(state) === 'REVISE';

/** Whether the review step offers "Submit for review". */
export const canSubmit = (state: ProfileState): boolean => PROFILE_LIFECYCLE.can(state, 'SUBMIT', 'SELF');
