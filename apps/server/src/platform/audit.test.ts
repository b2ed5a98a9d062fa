import { describe, expect, it } from 'vitest';
import { REDACTED, isSecretKey, redactSecrets } from './audit.ts';

describe('the audit log never keeps a secret', () => {
  it.each([
    'password',
    'newPassword',
    'new_password',
    'temporary_password',
    'otp',
    'otp_code',
    'code',
    'activation_code',
    'verificationCode',
    'token',
    'session_token',
    'refreshToken',
    'client_secret',
    'api_key',
    'Authorization',
    'cookie',
    'signature',
  ])('redacts %s', (key) => expect(isSecretKey(key)).toBe(true));

  it.each(['part_code', 'country_code', 'dial_code', 'organization_name', 'user_email_id', 'currency'])(
    'keeps %s, which names data',
    (key) => expect(isSecretKey(key)).toBe(false),
  );

  it('redacts inside nested objects and lists, and summarizes long text', () => {
    const changes = redactSecrets({
      user_email_id: 'a@b.c',
      credentials: { password: 'Secret#123', hint: 'pet' },
      people: [{ email: 'x@y.z', otp: '123456' }],
      codes: ['kept as a list of values'],
      file_data: 'A'.repeat(5000),
      part_code: 'AC-01',
    });
    expect(changes).toEqual({
      user_email_id: 'a@b.c',
      credentials: { password: REDACTED, hint: 'pet' },
      people: [{ email: 'x@y.z', otp: REDACTED }],
      codes: ['kept as a list of values'],
      file_data: '[5000 characters]',
      part_code: 'AC-01',
    });
    expect(JSON.stringify(changes)).not.toContain('Secret#123');
    expect(JSON.stringify(changes)).not.toContain('123456');
  });
});
