import { z } from 'zod';

/**
 * India's goods and services tax as the portal needs it (docs/purchasing.md#tax): the states and
 * union territories with their GST state codes (the first two digits of a GSTIN), the rates a part
 * may carry, and the GSTIN's shape and check character.
 */

export const GST_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
] as const;

export type GstStateName = (typeof GST_STATES)[number]['name'];
const STATE_NAMES = GST_STATES.map((state) => state.name) as unknown as readonly [
  GstStateName,
  ...GstStateName[],
];

/** A state chosen from the list, matched ignoring case and surrounding spaces. */
export const gstStateSchema = (label = 'State') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .transform((value, ctx) => {
      const found = STATE_NAMES.find((name) => name.toLowerCase() === value.toLowerCase());
      if (!found) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be one of India's states or union territories`,
        });
        return z.NEVER;
      }
      return found;
    });

/** An address line of a store or vendor: required, at most 300 characters. */
export const addressLineSchema = z
  .string({ error: 'Address is required' })
  .trim()
  .min(1, 'Address is required')
  .max(300, 'Address must be at most 300 characters');

/** An Indian pincode: 6 digits, not starting with 0. */
export const indianPincodeSchema = z
  .string({ error: 'Pincode is required' })
  .trim()
  .regex(/^[1-9]\d{5}$/, 'Pincode must be 6 digits, e.g. 560001');

export function stateOfCode(code: string): GstStateName | null {
  return GST_STATES.find((state) => state.code === code)?.name ?? null;
}

/** The state a GSTIN is registered in: its first two digits are the state's code. */
export function stateOfGstin(gstin: string): GstStateName | null {
  return stateOfCode(gstin.slice(0, 2));
}

/** GST rates in percent; a part's rate is one of them. */
export const GST_RATES = [0, 0.25, 3, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];

export const gstRateSchema = (label = 'GST %') => {
  const message = `${label} must be one of ${GST_RATES.join(', ')}`;
  return z
    .number({ error: message })
    .refine((value) => (GST_RATES as readonly number[]).includes(value), message);
};

/** A rate in percent as whole basis points (18 -> 1800): what the database stores. */
export function rateToBasisPoints(rate: number): number {
  return Math.round(rate * 100);
}

export function basisPointsToRate(basisPoints: number): number {
  return basisPoints / 100;
}

/** An HSN (goods) or SAC code: 4, 6 or 8 digits. Empty means none. */
export const hsnCodeSchema = z
  .string({ error: 'HSN code must be text' })
  .trim()
  .refine((value) => value === '' || /^(\d{4}|\d{6}|\d{8})$/.test(value), 'HSN code must be 4, 6 or 8 digits')
  .nullish()
  .transform((value) => value || null);

const GSTIN_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The GSTIN's check character (its 15th): the first 14 characters weighted alternately 1 and 2 in
 * base 36, the digits of each product summed in base 36, and the total's complement modulo 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index++) {
    const value = GSTIN_CHARACTERS.indexOf(first14[index]);
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARACTERS[(36 - (sum % 36)) % 36];
}

const GSTIN_SHAPE = /^(\d{2})([A-Z]{5}\d{4}[A-Z])([1-9A-Z])Z([0-9A-Z])$/;

/** What is wrong with a GSTIN, or null when it is a valid one. */
export function gstinProblem(gstin: string): string | null {
  const match = GSTIN_SHAPE.exec(gstin);
  if (!match) return 'GSTIN must be 15 characters such as 29ABCDE1234F1ZW';
  if (!stateOfCode(match[1])) return `GSTIN starts with ${match[1]}, which is not a state code`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) {
    return 'GSTIN check character does not match; check the number for a typing mistake';
  }
  return null;
}

/** An optional GSTIN, upper-cased; empty means none. */
export const optionalGstinSchema = z
  .string({ error: 'GSTIN must be text' })
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    const problem = value === '' ? null : gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullish()
  .transform((value) => value || null);
