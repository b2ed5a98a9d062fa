/**
 * The landing page's contact form (docs/landing.md#the-contact-form): its countries and its rules,
 * as plain functions so that the light landing page checks them without loading zod, and the
 * server checks the same ones (SPEC 5: name at least 6 characters, 'Enter appropriate E-Mail',
 * a country code, a phone of at least 9 characters, a message of at least 10).
 */

export interface Country {
  name: string;
  dial_code: string;
  /** ISO 3166 alpha-2. */
  code: string;
  /** Digits of a national mobile number where it is not 10 (Malaysia 8). */
  digit_count?: number;
}

/** India first (the default), then the region and the countries customers most often write from. */
export const COUNTRIES: readonly Country[] = [
  { name: 'India', dial_code: '+91', code: 'IN' },
  { name: 'Australia', dial_code: '+61', code: 'AU', digit_count: 9 },
  { name: 'Bahrain', dial_code: '+973', code: 'BH', digit_count: 8 },
  { name: 'Bangladesh', dial_code: '+880', code: 'BD' },
  { name: 'Bhutan', dial_code: '+975', code: 'BT', digit_count: 8 },
  { name: 'Canada', dial_code: '+1', code: 'CA' },
  { name: 'France', dial_code: '+33', code: 'FR', digit_count: 9 },
  { name: 'Germany', dial_code: '+49', code: 'DE', digit_count: 11 },
  { name: 'Indonesia', dial_code: '+62', code: 'ID', digit_count: 11 },
  { name: 'Kenya', dial_code: '+254', code: 'KE', digit_count: 9 },
  { name: 'Kuwait', dial_code: '+965', code: 'KW', digit_count: 8 },
  { name: 'Malaysia', dial_code: '+60', code: 'MY', digit_count: 8 },
  { name: 'Maldives', dial_code: '+960', code: 'MV', digit_count: 7 },
  { name: 'Nepal', dial_code: '+977', code: 'NP' },
  { name: 'Oman', dial_code: '+968', code: 'OM', digit_count: 8 },
  { name: 'Qatar', dial_code: '+974', code: 'QA', digit_count: 8 },
  { name: 'Saudi Arabia', dial_code: '+966', code: 'SA', digit_count: 9 },
  { name: 'Singapore', dial_code: '+65', code: 'SG', digit_count: 8 },
  { name: 'South Africa', dial_code: '+27', code: 'ZA', digit_count: 9 },
  { name: 'Sri Lanka', dial_code: '+94', code: 'LK', digit_count: 9 },
  { name: 'Thailand', dial_code: '+66', code: 'TH', digit_count: 9 },
  { name: 'United Arab Emirates', dial_code: '+971', code: 'AE', digit_count: 9 },
  { name: 'United Kingdom', dial_code: '+44', code: 'GB' },
  { name: 'United States', dial_code: '+1', code: 'US' },
  { name: 'Vietnam', dial_code: '+84', code: 'VN', digit_count: 9 },
];

export const DEFAULT_COUNTRY_CODE = 'IN';

export const CONTACT_NAME_MIN = 6;
export const CONTACT_NAME_MAX = 100;
export const CONTACT_PHONE_MIN = 9;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;
/** Messages one address may send in an hour. */
export const CONTACT_MESSAGES_PER_HOUR = 5;

/** The form's fields; `website` is the hidden honeypot a person never fills. */
export interface ContactInput {
  name: string;
  email: string;
  /** The country's ISO code; the dial code follows from it. */
  country_code: string;
  phone: string;
  message: string;
  website?: string;
}

export type ContactField = 'name' | 'email' | 'country_code' | 'phone' | 'message';

/** The "fuller pattern": a local part, one at-sign, a domain with a dot and a 2+ letter ending. */
const EMAIL_PATTERN = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  nameShort: `Name must be at least ${CONTACT_NAME_MIN} characters`,
  nameLong: `Name must be at most ${CONTACT_NAME_MAX} characters`,
  emailRequired: 'E-Mail is required',
  emailInvalid: 'Enter appropriate E-Mail',
  countryRequired: 'Country code is required',
  phoneRequired: 'Phone number is required',
  phoneShort: (digits: number) => `Enter a valid phone number of ${digits} numbers`,
  messageRequired: 'Message is required',
  messageShort: `Message must be at least ${CONTACT_MESSAGE_MIN} characters`,
  messageLong: `Message must be at most ${CONTACT_MESSAGE_MAX} characters`,
  sent: 'Thank you! Our team will get in touch with you shortly.',
  tooMany: 'Too many messages from this network. Please try again later.',
} as const;

export const countryOf = (code: string): Country | undefined =>
  COUNTRIES.find((country) => country.code === code);

/** Digits a phone of this country needs, as the message states them (10 unless the list says). */
export const phoneDigitsOf = (country: Country | undefined) => country?.digit_count ?? 10;

/**
 * The form's problems, first per field, in the form's order; empty when it may be sent. The phone
 * needs at least 9 characters (SPEC 5), or the country's own digit count where that is smaller.
 */
export function contactProblems(input: Partial<Record<keyof ContactInput, unknown>>) {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const problems: { field: ContactField; message: string }[] = [];
  const name = text(input.name);
  if (!name) problems.push({ field: 'name', message: CONTACT_MESSAGES.nameRequired });
  else if (name.length < CONTACT_NAME_MIN)
    problems.push({ field: 'name', message: CONTACT_MESSAGES.nameShort });
  else if (name.length > CONTACT_NAME_MAX)
    problems.push({ field: 'name', message: CONTACT_MESSAGES.nameLong });
  const email = text(input.email);
  if (!email) problems.push({ field: 'email', message: CONTACT_MESSAGES.emailRequired });
  else if (email.length > 254 || !EMAIL_PATTERN.test(email)) {
    problems.push({ field: 'email', message: CONTACT_MESSAGES.emailInvalid });
  }
  const country = countryOf(text(input.country_code));
  if (!country) problems.push({ field: 'country_code', message: CONTACT_MESSAGES.countryRequired });
  const phone = text(input.phone);
  const digits = phone.replace(/\D/g, '');
  const needed = Math.min(CONTACT_PHONE_MIN, phoneDigitsOf(country));
  if (!phone) problems.push({ field: 'phone', message: CONTACT_MESSAGES.phoneRequired });
  else if (phone.length < needed || digits.length < needed || digits.length > 15 || /[^\d\s-]/.test(phone)) {
    problems.push({ field: 'phone', message: CONTACT_MESSAGES.phoneShort(phoneDigitsOf(country)) });
  }
  const message = text(input.message);
  if (!message) problems.push({ field: 'message', message: CONTACT_MESSAGES.messageRequired });
  else if (message.length < CONTACT_MESSAGE_MIN) {
    problems.push({ field: 'message', message: CONTACT_MESSAGES.messageShort });
  } else if (message.length > CONTACT_MESSAGE_MAX) {
    problems.push({ field: 'message', message: CONTACT_MESSAGES.messageLong });
  }
  return problems;
}

/** The path the landing page is served at; the sign-in card links to it. */
export const LANDING_PATH = '/Welcome';
/** POST: the contact form. 200 {message}; 400 {code, message, field}; 429 with Retry-After. */
export const CONTACT_API_PATH = '/api/contact';
