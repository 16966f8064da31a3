// The public surface of features/profiles: what another screen reads of the investor's profiles (the
// investor home's "create your investor profile" step). Light on purpose: no zod, no form code.
export { useProfiles } from './api/list-profiles';
