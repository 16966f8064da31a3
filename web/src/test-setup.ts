import { loadErrorCatalogue } from './lib/api-error';

// The API client loads the error catalogue before it builds an error from a response
// (lib/api-error.ts); tests that build ApiErrors themselves get the same messages.
await loadErrorCatalogue();
