import { describe, expect, it } from 'vitest';
import { readContactForm, validateContact } from './validate';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const good = { name: 'Amélie N\u2019Diaye', email: 'amelie@example.org', subject: 'Polling hours', message: 'When does my polling station open?' };

describe('contact form validation', () => {
  it('accepts a complete message and cleans it', () => {
    const values = readContactForm(form({ ...good, name: '  Amélie\n N\u2019Diaye ', message: ' Line one\r\nLine two\u0000 ' }));
    expect(values.name).toBe('Amélie N\u2019Diaye');
    expect(values.message).toBe('Line one\nLine two');
    expect(validateContact(values)).toEqual({});
  });

  it('names every missing field', () => {
    expect(validateContact(readContactForm(form({})))).toEqual({ name: 'required', email: 'required', subject: 'required', message: 'required' });
  });

  it('checks the email format as the API does', () => {
    expect(validateContact({ ...good, email: 'name@example' }).email).toBe('email');
    expect(validateContact({ ...good, email: 'two words@example.org' }).email).toBe('email');
    expect(validateContact({ ...good, email: 'n.o+tag@sub.example.co.tz' }).email).toBeUndefined();
  });

  it('applies the schema sizes, counting characters rather than UTF-16 units', () => {
    expect(validateContact({ ...good, name: 'é'.repeat(128) }).name).toBeUndefined();
    expect(validateContact({ ...good, name: 'x'.repeat(129) }).name).toBe('tooLong');
    expect(validateContact({ ...good, subject: '🗳'.repeat(256) }).subject).toBeUndefined();
    expect(validateContact({ ...good, subject: 'x'.repeat(257) }).subject).toBe('tooLong');
    expect(validateContact({ ...good, message: 'Too short' }).message).toBe('tooShort');
    expect(validateContact({ ...good, message: 'x'.repeat(5001) }).message).toBe('tooLong');
  });
});
