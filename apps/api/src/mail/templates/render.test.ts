import { describe, expect, it } from 'vitest';
import { catalogues } from './catalogue.ts';
import { mailKinds, smsKinds, type MailInputs, type MailKind } from './kinds.ts';
import { renderMail, renderSms } from './render.ts';

const languages = Object.keys(catalogues);
const url = 'https://atlas.example/recover?userId=u1&secret=7f3a9c2e';
const code = '482913';

function inputFor(kind: MailKind, language: string, extra: Partial<MailInputs['team-invitation'] & { code: string }> = {}): MailInputs[MailKind] {
  const common = { language, siteName: 'Ballot Atlas', userName: 'Ada', expiresInMinutes: 60, ...extra };
  if (mailKinds[kind] === 'code') return { ...common, code };
  return { ...common, url, teamName: 'Editors', inviterName: 'Grace' };
}

const render = (kind: MailKind, language: string, extra = {}) => renderMail(kind, inputFor(kind, language, extra));

describe.each(Object.keys(mailKinds) as MailKind[])('the %s mail', (kind) => {
  const secret = mailKinds[kind] === 'link' ? url : code;

  it.each(languages)('renders in %s with the link or code in both parts', (language) => {
    const mail = render(kind, language);
    expect(mail.kind).toBe(kind);
    expect(mail.subject.trim()).not.toBe('');
    expect(mail.text).toContain(secret);
    expect(mail.html).toContain(secret.replaceAll('&', '&amp;'));
    expect(mail.html).toContain(`<html lang="${language}"`);
    expect(mail.text).toContain('Ada');
  });

  it('has a different subject in every language', () => {
    const subjects = languages.map((language) => render(kind, language).subject);
    expect(new Set(subjects).size).toBe(languages.length);
  });

  it('escapes a hostile user name in the HTML and keeps it as written in the text', () => {
    const name = '<script>alert("x")</script> & \'co\'';
    const mail = render(kind, 'en', { userName: name, teamName: name, inviterName: name });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;');
    expect(mail.text).toContain(name);
  });

  it('shows the security phrase only when there is one', () => {
    expect(render(kind, 'en', { phrase: 'Brave owl' }).text).toContain('Security phrase: Brave owl.');
    expect(render(kind, 'en').text).not.toContain('Security phrase');
  });

  it('greets without a name when there is none', () => {
    expect(render(kind, 'fr', { userName: undefined }).text).toMatch(/^Bonjour,\n/);
  });
});

describe('renderMail', () => {
  it('falls back to English for a language without a catalogue, and matches regional tags by their language', () => {
    expect(render('recovery', 'de').subject).toBe('Reset your Ballot Atlas password');
    expect(render('recovery', 'de').html).toContain('<html lang="en"');
    expect(render('recovery', 'fr-CA').subject).toBe('Réinitialisez votre mot de passe Ballot Atlas');
    expect(render('recovery', 'SW').subject).toBe('Weka upya nenosiri lako la Ballot Atlas');
  });

  it('writes the validity period in the largest whole unit, in the language of the mail', () => {
    expect(renderMail('email-otp', { language: 'en', siteName: 'A', code, expiresInMinutes: 15 }).text).toContain('expires in 15 minutes.');
    expect(render('magic-url', 'fr').text).toMatch(/expire dans 1\sheure\./);
    expect(renderMail('team-invitation', { ...inputFor('team-invitation', 'sw'), expiresInMinutes: 7 * 24 * 60 } as MailInputs['team-invitation']).text).toContain('baada ya siku 7.');
  });

  it('lays out a link mail as a button and the plain URL', () => {
    const mail = render('recovery', 'en');
    const href = url.replaceAll('&', '&amp;');
    expect(mail.html).toContain(`<a href="${href}" style="display:inline-block;`);
    expect(mail.html).toContain('>Reset password</a>');
    expect(mail.html).toContain(`<a href="${href}" style="color:#15803d;word-break:break-all;">${href}</a>`);
    expect(mail.html).not.toMatch(/<img|<script|<style|https?:\/\/(?!atlas\.example)/);
    expect(mail.text).toBe(
      [
        'Hello Ada,',
        'Someone asked to reset the password of your Ballot Atlas account. To choose a new password, open this link:',
        url,
        'The link expires in 1 hour.',
        'If you did not ask for this, you can ignore this message: your password stays the same.',
        'The Ballot Atlas team',
      ].join('\n\n') + '\n',
    );
  });

  it('refuses a link that is not an absolute http(s) URL, without repeating it', () => {
    for (const bad of ['javascript:alert(1)//secret', '/recover?secret=s3cr3t', 'data:text/html,secret']) {
      expect(() => renderMail('magic-url', { ...inputFor('magic-url', 'en'), url: bad } as MailInputs['magic-url'])).toThrow(/^a message link must be an absolute http\(s\) URL$/);
    }
  });

  it('does not expand placeholders found inside values', () => {
    const mail = render('recovery', 'en', { userName: '{{siteName}}' });
    expect(mail.text).toContain('Hello {{siteName}},');
  });
});

/** Each SMS kind with what it carries: the one-time code, or the invitation link. */
const smsSamples = {
  'phone-otp': { secret: code, input: (language: string) => ({ language, siteName: 'Ballot Atlas', code, expiresInMinutes: 15 }) },
  'team-invitation': { secret: url, input: (language: string) => ({ language, siteName: 'Ballot Atlas', url, teamName: 'Editors', inviterName: 'Grace', expiresInMinutes: 7 * 24 * 60 }) },
} satisfies Record<(typeof smsKinds)[number], unknown>;

describe.each(smsKinds)('the %s SMS', (kind) => {
  const sample = smsSamples[kind];
  const renderIn = (language: string) => renderSms(kind, sample.input(language) as never);

  it.each(languages)('renders in %s with the code or link', (language) => {
    const text = renderIn(language);
    expect(text).toContain(sample.secret);
    expect(text).toContain('Ballot Atlas');
    expect(text).not.toContain('\n');
  });

  it('differs by language and falls back to English', () => {
    const texts = [...languages, 'xx'].map(renderIn);
    expect(new Set(texts).size).toBe(languages.length);
    expect(texts.at(-1)).toBe(texts[languages.indexOf('en')]);
  });
});

it('the team-invitation SMS names the inviter, the team and how long the link lasts', () => {
  expect(renderSms('team-invitation', smsSamples['team-invitation'].input('en'))).toBe(`Grace invited you to join Editors on Ballot Atlas. Accept within 7 days: ${url}`);
});
