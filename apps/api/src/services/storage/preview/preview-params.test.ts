import { describe, expect, it } from 'vitest';
import { coerceQueryValue, valueKind } from '../../../http/coerce.ts';
import { previewParams } from './preview-params.ts';

type Name = keyof typeof previewParams;

/** What the REST layer does with a query-string value: coerce by the declared JSON type, then validate. */
function parseQuery(name: Name, raw: string): { ok: true; value: unknown } | { ok: false; message: string } {
  const definition = previewParams[name];
  const result = definition.schema.safeParse(coerceQueryValue(raw, valueKind(definition.schema)));
  return result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0]?.message ?? '' };
}

const GRAVITIES = 'Value must be one of (center, top-left, top, top-right, left, right, bottom-left, bottom, bottom-right, auto)';
const OUTPUTS = 'Value must be one of (jpg, jpeg, png, gif, webp, heic, avif)';
const HEX = 'Value must be a valid hex color code';

const accepted: [Name, string, unknown][] = [
  ['width', '0', 0],
  ['width', '4000', 4000],
  ['height', '250', 250],
  ['gravity', 'top-left', 'top-left'],
  ['gravity', 'auto', 'auto'],
  ['quality', '-1', -1],
  ['quality', '100', 100],
  ['borderWidth', '100', 100],
  ['borderColor', 'ff0000', 'ff0000'],
  ['borderColor', 'F0A', 'F0A'],
  ['borderColor', '', ''],
  ['borderRadius', '4000', 4000],
  ['opacity', '0.5', 0.5],
  ['opacity', '1', 1],
  ['rotation', '-360', -360],
  ['rotation', '360', 360],
  ['background', 'eceff1', 'eceff1'],
  ['output', 'jpg', 'jpg'],
  ['output', 'heic', 'heic'],
];

const refused: [Name, string, string][] = [
  ['width', '4001', 'Value must be a valid range between 0 and 4,000'],
  ['width', '-1', 'Value must be a valid range between 0 and 4,000'],
  ['width', '10.5', 'Value must be a valid range between 0 and 4,000'],
  ['height', 'abc', 'Value must be a valid range between 0 and 4,000'],
  ['gravity', 'middle', GRAVITIES],
  ['gravity', 'TOP', GRAVITIES],
  ['quality', '-2', 'Value must be a valid range between -1 and 100'],
  ['quality', '101', 'Value must be a valid range between -1 and 100'],
  ['borderWidth', '101', 'Value must be a valid range between 0 and 100'],
  ['borderColor', '#ff0000', HEX],
  ['borderColor', 'ff00', HEX],
  ['borderColor', 'gggggg', HEX],
  ['borderRadius', '4001', 'Value must be a valid range between 0 and 4,000'],
  ['opacity', '1.5', 'Value must be a valid range between 0 and 1'],
  ['opacity', '-0.1', 'Value must be a valid range between 0 and 1'],
  ['rotation', '361', 'Value must be a valid range between -360 and 360'],
  ['background', 'red', HEX],
  ['output', 'bmp', OUTPUTS],
  ['output', 'JPG', OUTPUTS],
];

describe('previewParams', () => {
  it('declares every §10.2 parameter, all optional', () => {
    expect(Object.keys(previewParams).sort()).toEqual(['background', 'borderColor', 'borderRadius', 'borderWidth', 'gravity', 'height', 'opacity', 'output', 'quality', 'rotation', 'width']);
    for (const definition of Object.values(previewParams)) expect(definition.required).toBe(false);
  });

  it('declares numbers as numbers so the query string is coerced', () => {
    expect(valueKind(previewParams.width.schema)).toBe('integer');
    expect(valueKind(previewParams.opacity.schema)).toBe('number');
    expect(valueKind(previewParams.gravity.schema)).toBe('string');
  });

  it.each(accepted)('%s=%j is accepted', (name, raw, value) => {
    expect(parseQuery(name, raw)).toEqual({ ok: true, value });
  });

  it.each(refused)('%s=%j is refused: %s', (name, raw, message) => {
    expect(parseQuery(name, raw)).toEqual({ ok: false, message });
  });
});
