import { uuidv7 } from 'uuidv7';

/** One id scheme for every table: UUIDv7 strings, time-ordered so that indexes stay compact. */
export function newId(): string {
  return uuidv7();
}
