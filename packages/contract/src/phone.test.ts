import { describe, expect, it } from 'vitest';
import { checkPhone, countryList, formatPhoneNational, phoneSearchTerm, resolveCountry } from './phone.ts';

describe('phone numbers (libphonenumber-js)', () => {
  it('accepts an Indian mobile however it is typed, and stores it in E.164', () => {
    for (const typed of [
      '98450 12345',
      '098450 12345',
      '+91 98450 12345',
      '(+91) 98450-12345',
      '9845012345',
    ]) {
      expect(checkPhone(typed, 'IN'), typed).toEqual({
        ok: true,
        e164: '+919845012345',
        country: 'IN',
        nationalDigits: '9845012345',
      });
    }
    expect(formatPhoneNational('+919845012345')).toBe('098450 12345');
  });

  it('refuses what is not a number of the country, saying why', () => {
    expect(checkPhone('', 'IN')).toEqual({ ok: false, message: 'Phone number is required' });
    expect(checkPhone('98450 1234x', 'IN')).toEqual({
      ok: false,
      message: 'Phone number may contain only digits, spaces, brackets, - and a leading +',
    });
    expect(checkPhone('1234', 'IN')).toEqual({
      ok: false,
      message: 'Phone number is too short for India (+91)',
    });
    expect(checkPhone('98450 1234', 'IN')).toEqual({
      ok: false,
      message: 'Phone number is not a valid India (+91) number',
    });
  });

  it('knows Malaysia’s 8-digit numbers from the metadata', () => {
    expect(checkPhone('82-123 456', 'MY')).toMatchObject({ ok: true, e164: '+6082123456', country: 'MY' });
    expect(checkPhone('012-345 6789', 'MY')).toMatchObject({ ok: true, e164: '+60123456789' });
    expect(checkPhone('8212345', 'MY')).toEqual({
      ok: false,
      message: 'Phone number is too short for Malaysia (+60)',
    });
  });

  it('resolves a country as people write it in a spreadsheet', () => {
    expect(['IN', 'in', 'India', 'india', '+91', '91'].map(resolveCountry)).toEqual(Array(6).fill('IN'));
    expect(resolveCountry('+60')).toBe('MY');
    expect(resolveCountry('+1')).toBe('US');
    expect(resolveCountry('Atlantis')).toBeUndefined();
    expect(resolveCountry('')).toBeUndefined();
  });

  it('lists countries with India first (the default), then by name', () => {
    const list = countryList();
    expect(list[0]).toEqual({ code: 'IN', name: 'India', dial_code: '+91' });
    expect(list.find((entry) => entry.code === 'MY')).toEqual({
      code: 'MY',
      name: 'Malaysia',
      dial_code: '+60',
    });
    const names = list.slice(1).map((entry) => entry.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('reads a search term as the start of a phone number only when it looks like one', () => {
    expect(phoneSearchTerm('98450')).toEqual({ nationalPrefix: '98450' });
    expect(phoneSearchTerm('098450 1')).toEqual({ nationalPrefix: '984501' });
    expect(phoneSearchTerm('+91 98450')).toEqual({ e164Prefix: '+9198450' });
    expect(phoneSearchTerm('98')).toBeUndefined();
    expect(phoneSearchTerm('Ravi 98450')).toBeUndefined();
    expect(phoneSearchTerm('ravi@example.com')).toBeUndefined();
  });
});
