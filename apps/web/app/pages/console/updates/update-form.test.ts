import { describe, expect, it } from 'vitest';
import { CONTENT_MAX, paragraphsOf, readUpdateForm, SUBJECT_MAX } from './update-form';

const topics = ['updates', 'election-abc', 'region-xyz'];
const languages = ['fr', 'sw'];
const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

describe('readUpdateForm', () => {
  it('builds the body of send-update, trimmed, with only the versions given', () => {
    const check = readUpdateForm(formOf({ topicId: 'election-abc', subject: ' Polls open ', content: 'Vote today.\n', subject_fr: 'Bureaux ouverts', content_fr: 'Votez.', subject_sw: '', content_sw: '' }), topics, languages);
    expect(check.errors).toEqual({});
    expect(check.body).toEqual({ topicId: 'election-abc', subject: 'Polls open', content: 'Vote today.', translations: { fr: { subject: 'Bureaux ouverts', content: 'Votez.' } } });
  });

  it('leaves translations out when none is given', () => {
    expect(readUpdateForm(formOf({ topicId: 'updates', subject: 'S', content: 'C' }), topics, languages).body).toEqual({ topicId: 'updates', subject: 'S', content: 'C' });
  });

  it('names every field that is wrong, and sends nothing', () => {
    const check = readUpdateForm(formOf({ topicId: 'region-other', subject: 'x'.repeat(SUBJECT_MAX + 1), content: '  ', subject_sw: 'Habari' }), topics, languages);
    expect(check.body).toBeNull();
    expect(check.errors).toEqual({ topicId: 'unknownTopic', subject: 'tooLong', content: 'required', content_sw: 'incomplete' });
    expect(check.values['subject_sw']).toBe('Habari');
  });

  it('asks for a topic and refuses a text past the limit', () => {
    const check = readUpdateForm(formOf({ subject: 'S', content: 'y'.repeat(CONTENT_MAX + 1) }), topics, languages);
    expect(check.errors).toEqual({ topicId: 'required', content: 'tooLong' });
  });
});

describe('paragraphsOf', () => {
  it('splits on blank lines and drops empty ones', () => {
    expect(paragraphsOf('One\nline two\n\n  \n\nThree\n')).toEqual(['One\nline two', 'Three']);
  });
});
