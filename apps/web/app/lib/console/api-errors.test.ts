import { describe, expect, it } from 'vitest';
import { problemField } from './api-errors';

const keys = ['name', 'slug', 'socialLinks', 'website'];

describe('problemField', () => {
  it('finds the attribute a document-structure message names', () => {
    expect(problemField('Invalid document structure: Missing required attribute "name"', 'document_invalid_structure', keys, ['slug'])).toBe('name');
    expect(problemField('Invalid document structure: Attribute "website" has invalid format. Value must be a valid URL', 'document_invalid_structure', keys, ['slug'])).toBe('website');
    expect(problemField(`Invalid document structure: Attribute "socialLinks['1']" has invalid format. Value must be a valid URL`, 'document_invalid_structure', keys, [])).toBe('socialLinks');
  });

  it('puts a duplicate on the unique index’s attribute', () => {
    expect(problemField('Document with the requested ID already exists.', 'document_already_exists', keys, ['slug'])).toBe('slug');
    expect(problemField('Document with the requested ID already exists.', 'document_already_exists', keys, [])).toBeNull();
  });

  it('leaves other errors, and attributes the form does not show, to the whole form', () => {
    expect(problemField('The current user is not authorized to perform the requested action.', 'user_unauthorized', keys, ['slug'])).toBeNull();
    expect(problemField('Invalid document structure: Missing required attribute "subregionId"', 'document_invalid_structure', keys, [])).toBeNull();
  });
});
