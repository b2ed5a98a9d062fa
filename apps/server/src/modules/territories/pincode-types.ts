import { pincodeTypes } from '@fieldport/contract/operations/territories';
import { pincodeType } from '../../db/schema/territories.ts';
import { defineNamedMaster } from '../../platform/masters.ts';

/** Pincode types (how a pincode is served: local, upcountry ...), a master of names. */
export const pincodeTypeHandlers = defineNamedMaster(pincodeTypes, pincodeType, 'Pincode Types');
