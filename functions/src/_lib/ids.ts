import { monotonicFactory } from 'ulid';

const next = monotonicFactory();
/** Ids are ULIDs: sortable by creation time, 26 characters. */
export const newId = (): string => next();
