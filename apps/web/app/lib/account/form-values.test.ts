import { describe, expect, it } from 'vitest';
import { codeField, emailProblem, field, passwordProblem, secretField } from './form-values';

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};

describe('account form values', () => {
  it('trims text but keeps passwords as typed', () => {
    const data = form({ email: '  ann@example.org ', password: ' secret words ' });
    expect(field(data, 'email')).toBe('ann@example.org');
    expect(secretField(data, 'password')).toBe(' secret words ');
    expect(field(data, 'missing')).toBe('');
  });

  it('checks e-mail addresses and the 8–256 password rule', () => {
    expect(emailProblem('')?.type).toBe('form_required');
    expect(emailProblem('ann@example')?.type).toBe('form_email');
    expect(emailProblem('ann@example.org')).toBeNull();
    expect(passwordProblem('')?.type).toBe('form_required');
    expect(passwordProblem('1234567')?.type).toBe('form_password_length');
    expect(passwordProblem('12345678')).toBeNull();
    expect(passwordProblem('x'.repeat(256))).toBeNull();
    expect(passwordProblem('x'.repeat(257))?.type).toBe('form_password_length');
  });

  it('reads codes typed with spaces or dashes', () => {
    expect(codeField(form({ code: ' 123 456 ' }), 'code')).toBe('123456');
    expect(codeField(form({ code: 'abcde-12345' }), 'code')).toBe('abcde12345');
  });
});
