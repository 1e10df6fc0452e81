import { fieldControl, type AttributeDefinition } from './attributes';
import type { CollectionView } from './collections';
import type { EditableAttribute } from './form-values';

/** A collection as `appwrite.json` declares it, reduced to what the console needs. */
export interface CollectionSchema {
  id: string;
  attributes: AttributeDefinition[];
  /** Attributes with a full-text index of their own (Query.search works on them). */
  fulltextKeys: string[];
  /** The attributes of unique indexes (a duplicate slug is reported on them). */
  uniqueKeys: string[];
  /** Attributes that lead an index: the table sorts by them cheaply. */
  indexedKeys: string[];
}

/** The form's fields, in the schema's order; derived area ids and imported attributes are left out. */
export function formFields(schema: CollectionSchema, view: CollectionView): EditableAttribute[] {
  const left = new Set([...(view.derived ?? []), ...(view.imported ?? [])]);
  return schema.attributes
    .filter((attribute) => !left.has(attribute.key))
    .map((attribute) => ({ attribute, control: fieldControl(attribute, view.dateOnly) }));
}

/** Every attribute with its control, derived ones included (for saving and for reading records). */
export function allFields(schema: CollectionSchema, view: CollectionView): EditableAttribute[] {
  return schema.attributes.map((attribute) => ({ attribute, control: fieldControl(attribute, view.dateOnly) }));
}
