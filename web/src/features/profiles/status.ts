// features/profiles' badge entry: a profile's validation status as the investor sees it, for the
// manager's screens (the investor page), without the profile forms.
export { ProfileStatus } from './components/profile-status';
