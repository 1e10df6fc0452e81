import type { AttributeDefinition } from '../schema/project-schema.ts';

/**
 * How attribute values are written in CSV cells, and read back (see the decision record
 * 010-directory-import-export.md):
 *
 * - null is an empty, unquoted cell; the empty string is a quoted empty cell (`""`);
 * - strings and datetimes as they are stored; integers and doubles in JavaScript's shortest
 *   round-trip form; booleans `true` / `false`;
 * - arrays as JSON text (`["https://a.example","https://b.example"]`, `[]` when empty).
 *
 * A cell is `null` when it was empty and unquoted, its text otherwise.
 */
export type Cell = string | null;

export function toCell(attribute: AttributeDefinition, value: unknown): Cell {
  if (value === null || value === undefined) return attribute.array ? '[]' : null;
  if (attribute.array) return JSON.stringify(value);
  if (typeof value === 'string') return value;
  return String(value);
}

const integerText = /^[+-]?\d+$/;

/**
 * The value a cell stands for. Text that is not of the attribute's type stays text, so the
 * validation the API uses (validateDocumentData) refuses it with the API's own message.
 */
export function fromCell(attribute: AttributeDefinition, cell: Cell): unknown {
  if (cell === null) return null;
  if (attribute.array) {
    try {
      return JSON.parse(cell);
    } catch {
      return cell;
    }
  }
  switch (attribute.type) {
    case 'integer':
      return integerText.test(cell) ? Number(cell) : cell;
    case 'double': {
      const number = cell.trim() === '' ? Number.NaN : Number(cell);
      return Number.isFinite(number) ? number : cell;
    }
    case 'boolean': {
      const lower = cell.toLowerCase();
      return lower === 'true' ? true : lower === 'false' ? false : cell;
    }
    default:
      return cell;
  }
}
