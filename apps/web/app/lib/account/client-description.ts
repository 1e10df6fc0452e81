/** The client fields that Session and Log share (Appwrite fills them from the User-Agent). */
export interface ClientFields {
  clientType: string;
  clientName: string;
  clientVersion: string;
  clientEngine: string;
  osName: string;
  osVersion: string;
  deviceName: string;
  deviceBrand: string;
  deviceModel: string;
  ip: string;
  countryName: string;
  countryCode: string;
}

export interface ClientDescription {
  /** "Chrome 140", or '' when unknown. */
  browser: string;
  /** "GNU/Linux", "Android 14"… */
  os: string;
  /** "Samsung Galaxy S21", or '' when only the kind of device is known. */
  device: string;
  kind: 'desktop' | 'phone' | 'tablet' | 'other';
  ip: string;
  /** '' when the API does not know the country. */
  country: string;
}

const PHONE_KINDS = new Set(['smartphone', 'feature phone', 'phablet', 'mobile']);

function joined(...parts: string[]): string {
  return parts.map((part) => part.trim()).filter(Boolean).join(' ');
}

/** Turns the API's client fields into the words a session or activity list shows. */
export function describeClient(fields: ClientFields): ClientDescription {
  const deviceName = fields.deviceName.trim().toLowerCase();
  const kind = deviceName === 'desktop' ? 'desktop' : deviceName === 'tablet' ? 'tablet' : PHONE_KINDS.has(deviceName) ? 'phone' : 'other';
  const brandModel = joined(fields.deviceBrand, fields.deviceModel);
  return {
    browser: joined(fields.clientName, fields.clientVersion.split('.')[0] ?? ''),
    os: joined(fields.osName, fields.osVersion),
    device: brandModel,
    kind,
    ip: fields.ip,
    country: fields.countryCode && fields.countryCode !== '--' ? fields.countryName : '',
  };
}
