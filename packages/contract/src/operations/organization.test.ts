import { describe, expect, it } from 'vitest';
import { UpdateOrganizationSettings, currencies, isTimeZone, timeZones } from './organization.ts';

describe('organization settings input', () => {
  it('offers the current IANA names (Asia/Kolkata, Europe/Kyiv), UTC first, each once', () => {
    const zones = timeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Asia/Kolkata');
    expect(zones).toContain('Europe/Kyiv');
    expect(zones).not.toContain('Asia/Calcutta');
    expect(new Set(zones).size).toBe(zones.length);
  });

  it.each(['Asia/Kolkata', 'Asia/Calcutta', 'UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'])(
    'accepts the time zone %s',
    (zone) => expect(isTimeZone(zone)).toBe(true),
  );

  it.each(['Mars/Olympus', '+05:30', 'IST', 'Asia/Kolkata; drop table', ''])(
    'refuses the time zone %j',
    (zone) => expect(isTimeZone(zone)).toBe(false),
  );

  it('takes any one setting, upper-cases the currency, and refuses an empty change', () => {
    expect(UpdateOrganizationSettings.input.parse({ currency: 'usd' })).toEqual({ currency: 'USD' });
    expect(currencies()).toContain('INR');
    const empty = UpdateOrganizationSettings.input.safeParse({});
    expect(empty.error?.issues[0].message).toBe('Change at least one setting');
  });
});
