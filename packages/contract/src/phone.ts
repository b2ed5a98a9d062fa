import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  Metadata,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js';

/**
 * Phone numbers and countries (docs/customers.md#what-a-customer-is: a country list of name,
 * dial_code and code; default India +91; Malaysia's 8-digit numbers). Which numbers are valid in which country comes
 * from libphonenumber-js's metadata, not from a hand-written table of digit counts, so that the
 * browser, the server and the import accept exactly the same numbers. (Owner: customers.)
 */

/** docs/product.md#constants: default country code India (+91). */
export const DEFAULT_COUNTRY: CountryCode = 'IN';

/** Country list entry (the old API's field names). */
export interface CountryEntry {
  code: CountryCode;
  name: string;
  dial_code: string;
}

// Made on first use: the field app loads this module for its tickets' phone numbers, not names.
let regionNames: Intl.DisplayNames | undefined;

export function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export function dialCode(code: CountryCode): string {
  return `+${getCountryCallingCode(code)}`;
}

let countries: CountryEntry[] | undefined;
/** Every country libphonenumber-js knows, by name; India first, as the default. */
export function countryList(): CountryEntry[] {
  countries ??= getCountries()
    .map((code) => ({ code, name: countryName(code), dial_code: dialCode(code) }))
    .sort((a, b) =>
      a.code === DEFAULT_COUNTRY ? -1 : b.code === DEFAULT_COUNTRY ? 1 : a.name.localeCompare(b.name),
    );
  return countries;
}

export function isCountryCode(value: string): value is CountryCode {
  return /^[A-Z]{2}$/.test(value) && isSupportedCountry(value);
}

/** "India (+91)": how messages name a country. */
function countryLabel(code: CountryCode): string {
  return `${countryName(code)} (${dialCode(code)})`;
}

/** The countries of a dial code, the main one first ('1': US, AG, AI ...). */
function countriesOfDialCode(digits: string): CountryCode[] {
  // The method exists on libphonenumber-js's Metadata but is missing from its type declarations.
  const metadata = new Metadata() as unknown as {
    getCountryCodesForCallingCode(code: string): CountryCode[] | undefined;
  };
  return metadata.getCountryCodesForCallingCode(digits) ?? [];
}

/**
 * A country as people write it in a spreadsheet: 'IN', 'in', '+91', '91', 'India'. A dial code
 * shared by several countries (+1, +7, +44 ...) resolves to the main one.
 */
export function resolveCountry(value: string): CountryCode | undefined {
  const text = value.trim();
  if (!text) return undefined;
  const upper = text.toUpperCase();
  if (isCountryCode(upper)) return upper;
  const digits = text.replace(/^\+/, '');
  if (/^\d{1,4}$/.test(digits)) return countriesOfDialCode(digits)[0];
  const lower = text.toLowerCase();
  return countryList().find((entry) => entry.name.toLowerCase() === lower)?.code;
}

type PhoneCheck =
  | {
      ok: true;
      /** E.164, what is stored: '+919876543210'. */
      e164: string;
      /** The country the number belongs to (a '+60 ...' number typed under India is Malaysian). */
      country: CountryCode;
      /** The national significant number's digits ('9876543210'): what a phone search matches. */
      nationalDigits: string;
    }
  | { ok: false; message: string };

/** Digits and what people type between them; one '+', before the digits ('(+91) 98450-12345'). */
const PHONE_CHARACTERS = /^[\s(]*\+?[\d\s().-]+$/;
const INTERNATIONAL = /^[\s(]*\+/;

/**
 * Checks a phone number typed for a country (national, with or without the trunk 0, or
 * international with '+'); a refusal's message says what is wrong for a person.
 */
export function checkPhone(value: string, country: CountryCode = DEFAULT_COUNTRY): PhoneCheck {
  const text = value.trim();
  if (!text) return { ok: false, message: 'Phone number is required' };
  if (!PHONE_CHARACTERS.test(text)) {
    return {
      ok: false,
      message: 'Phone number may contain only digits, spaces, brackets, - and a leading +',
    };
  }
  // libphonenumber-js throws on a country it does not know; the country's own field says why.
  if (!isSupportedCountry(country)) return { ok: false, message: 'Choose the country of the phone number' };
  const parsed = parsePhoneNumberFromString(text, country);
  const owner = (parsed?.country ?? country) as CountryCode;
  if (parsed && parsed.isValid()) {
    return { ok: true, e164: parsed.number, country: owner, nationalDigits: String(parsed.nationalNumber) };
  }
  const length = validatePhoneNumberLength(text, country);
  const where = countryLabel(owner);
  if (length === 'TOO_SHORT') return { ok: false, message: `Phone number is too short for ${where}` };
  if (length === 'TOO_LONG') return { ok: false, message: `Phone number is too long for ${where}` };
  return { ok: false, message: `Phone number is not a valid ${where} number` };
}

/** How a stored E.164 number is shown: the national format of its country ('098765 43210'). */
export function formatPhoneNational(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164;
}

/** '+91 98765 43210'. */
export function formatPhoneInternational(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/**
 * A search term that is a phone number (or its start): digits with the usual separators and at
 * least 3 digits. The answer is what to match against stored numbers: the E.164 start when the
 * term starts with '+', otherwise the start of the national number (a trunk 0 dropped).
 */
export function phoneSearchTerm(
  term: string,
): { e164Prefix: string } | { nationalPrefix: string } | undefined {
  const text = term.trim();
  if (!PHONE_CHARACTERS.test(text)) return undefined;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 3) return undefined;
  if (INTERNATIONAL.test(text)) return { e164Prefix: `+${digits}` };
  const national = digits.replace(/^0+/, '');
  return national ? { nationalPrefix: national } : undefined;
}
