import UAParser from 'ua-parser-js';
import {
  BROWSERS, type CodeAndName, DESKTOP_OS_CODES, DEVICE_TYPES, ENGINES, LIBRARIES, MOBILE_BROWSERS, OPERATING_SYSTEMS,
} from './matomo-codes.ts';

/** The user-agent fields of Appwrite's Session and Log models; '' where unknown. */
export interface ClientDescription {
  osCode: string;
  osName: string;
  osVersion: string;
  clientType: string;
  clientCode: string;
  clientName: string;
  clientVersion: string;
  clientEngine: string;
  clientEngineVersion: string;
  deviceName: string;
  deviceBrand: string;
  deviceModel: string;
}

type ClientFields = Pick<ClientDescription, 'clientType' | 'clientCode' | 'clientName' | 'clientVersion' | 'clientEngine' | 'clientEngineVersion'>;

const UNKNOWN_CLIENT: ClientFields = {
  clientType: '', clientCode: '', clientName: '', clientVersion: '', clientEngine: '', clientEngineVersion: '',
};

/**
 * Describes a User-Agent header as Appwrite does with Matomo's device detector (bot detection off):
 * `WIN`/`MAC`/`LIN`/`AND`/`IOS` OS codes, two-letter browser codes (`CH`, `FF`, `SF`, `PS`…; the
 * avatars endpoint takes them lower-cased), device names `desktop`, `smartphone`, `tablet`…
 */
export function describeClient(userAgent: string): ClientDescription {
  const parsed = UAParser(userAgent);
  const { os, device } = parsed;
  const [osCode, osName] = lookUp(OPERATING_SYSTEMS, os.name);
  const deviceName = device.type === undefined
    ? (DESKTOP_OS_CODES.has(osCode) ? 'desktop' : '')
    : DEVICE_TYPES.get(device.type) ?? '';
  return {
    osCode,
    osName,
    osVersion: os.version ?? '',
    ...(parsed.browser.name === undefined ? libraryClient(userAgent) : browserClient(parsed, osCode, deviceName)),
    deviceName,
    deviceBrand: device.vendor ?? '',
    deviceModel: device.model ?? '',
  };
}

/** Matomo's code and name for a known name, or no code and the name as given. */
function lookUp(table: ReadonlyMap<string, CodeAndName>, name: string | undefined): CodeAndName {
  if (name === undefined) return ['', ''];
  return table.get(name.toLowerCase()) ?? ['', name];
}

function browserClient({ browser, engine }: UAParser.IResult, osCode: string, deviceName: string): ClientFields {
  const [clientCode, clientName] = browserBuild(browser.name ?? '', osCode, deviceName);
  return {
    clientType: 'browser',
    clientCode,
    clientName,
    clientVersion: browser.version ?? '',
    clientEngine: engine.name === undefined ? '' : ENGINES.get(engine.name.toLowerCase()) ?? engine.name,
    clientEngineVersion: engine.version ?? '',
  };
}

/** The browser's code and name, for its mobile build where Matomo names that apart (Chrome Mobile…). */
function browserBuild(name: string, osCode: string, deviceName: string): CodeAndName {
  const desktopBuild = lookUp(BROWSERS, name);
  const mobileBuilds = MOBILE_BROWSERS.get(desktopBuild[0]);
  const onMobile = osCode === 'AND' || osCode === 'IOS' || deviceName === 'smartphone' || deviceName === 'tablet';
  if (mobileBuilds === undefined || !onMobile) return desktopBuild;
  return (osCode === 'IOS' ? mobileBuilds.ios : undefined) ?? mobileBuilds.mobile;
}

function libraryClient(userAgent: string): ClientFields {
  for (const [pattern, name] of LIBRARIES) {
    const match = pattern.exec(userAgent);
    if (match !== null) return { ...UNKNOWN_CLIENT, clientType: 'library', clientName: name, clientVersion: match[1] ?? '' };
  }
  return UNKNOWN_CLIENT;
}
