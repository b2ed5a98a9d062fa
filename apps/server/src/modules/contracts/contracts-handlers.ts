import { contractHandlers } from './contracts.ts';

/** AMC contracts (docs/contracts.md). */
export const contractsHandlers = contractHandlers;
