import { describe, expect, it } from 'vitest';
import { type ClientDescription, describeClient } from './user-agent.ts';

const NOTHING: ClientDescription = {
  osCode: '', osName: '', osVersion: '',
  clientType: '', clientCode: '', clientName: '', clientVersion: '', clientEngine: '', clientEngineVersion: '',
  deviceName: '', deviceBrand: '', deviceModel: '',
};

const scenarios: Array<[string, string, Partial<ClientDescription>]> = [
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    { osCode: 'WIN', osName: 'Windows', osVersion: '10', clientType: 'browser', clientCode: 'CH', clientName: 'Chrome', clientVersion: '120.0.0.0', clientEngine: 'Blink', clientEngineVersion: '120.0.0.0', deviceName: 'desktop' },
  ],
  [
    'Firefox on Linux',
    'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
    { osCode: 'LIN', osName: 'GNU/Linux', clientType: 'browser', clientCode: 'FF', clientName: 'Firefox', clientVersion: '121.0', clientEngine: 'Gecko', clientEngineVersion: '121.0', deviceName: 'desktop' },
  ],
  [
    'Firefox on Ubuntu',
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
    { osCode: 'UBT', osName: 'Ubuntu', clientType: 'browser', clientCode: 'FF', clientName: 'Firefox', clientVersion: '121.0', clientEngine: 'Gecko', clientEngineVersion: '121.0', deviceName: 'desktop' },
  ],
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
    { osCode: 'MAC', osName: 'Mac', osVersion: '10.15.7', clientType: 'browser', clientCode: 'SF', clientName: 'Safari', clientVersion: '17.1', clientEngine: 'WebKit', clientEngineVersion: '605.1.15', deviceName: 'desktop', deviceBrand: 'Apple' },
  ],
  [
    'Safari on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1',
    { osCode: 'IOS', osName: 'iOS', osVersion: '17.1.2', clientType: 'browser', clientCode: 'MF', clientName: 'Mobile Safari', clientVersion: '17.1.2', clientEngine: 'WebKit', clientEngineVersion: '605.1.15', deviceName: 'smartphone', deviceBrand: 'Apple', deviceModel: 'iPhone' },
  ],
  [
    'Safari on iPad',
    'Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    { osCode: 'IOS', clientCode: 'MF', deviceName: 'tablet', deviceBrand: 'Apple', deviceModel: 'iPad' },
  ],
  [
    'Chrome on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
    { osCode: 'IOS', clientCode: 'CI', clientName: 'Chrome Mobile iOS', clientVersion: '120.0.6099.119', clientEngine: 'WebKit', deviceName: 'smartphone' },
  ],
  [
    'Chrome on an Android phone',
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
    { osCode: 'AND', osName: 'Android', osVersion: '14', clientType: 'browser', clientCode: 'CM', clientName: 'Chrome Mobile', clientVersion: '120.0.6099.144', clientEngine: 'Blink', clientEngineVersion: '120.0.6099.144', deviceName: 'smartphone', deviceBrand: 'Google', deviceModel: 'Pixel 7' },
  ],
  [
    'Firefox on an Android phone',
    'Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0',
    { osCode: 'AND', clientCode: 'FM', clientName: 'Firefox Mobile', clientEngine: 'Gecko', deviceName: 'smartphone' },
  ],
  [
    'Samsung Browser on a Galaxy phone',
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
    { osCode: 'AND', clientCode: 'SB', clientName: 'Samsung Browser', clientVersion: '23.0', clientEngine: 'Blink', clientEngineVersion: '115.0.0.0', deviceName: 'smartphone', deviceBrand: 'Samsung', deviceModel: 'SM-S911B' },
  ],
  [
    'Microsoft Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
    { osCode: 'WIN', clientType: 'browser', clientCode: 'PS', clientName: 'Microsoft Edge', clientVersion: '120.0.2210.91', clientEngine: 'Blink', deviceName: 'desktop' },
  ],
  [
    'legacy Edge (EdgeHTML)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19582',
    { clientCode: 'PS', clientVersion: '18.19582', clientEngine: 'Edge', clientEngineVersion: '18.19582' },
  ],
  [
    'Opera on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
    { clientCode: 'OP', clientName: 'Opera', clientVersion: '106.0.0.0', deviceName: 'desktop' },
  ],
  [
    'Opera Mini',
    'Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16',
    { osCode: 'AND', clientCode: 'OI', clientName: 'Opera Mini', clientEngine: 'Presto' },
  ],
  [
    'Playwright/Puppeteer HeadlessChrome',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.6099.28 Safari/537.36',
    { osCode: 'LIN', clientType: 'browser', clientCode: 'HC', clientName: 'Headless Chrome', clientVersion: '120.0.6099.28', clientEngine: 'Blink', deviceName: 'desktop' },
  ],
  [
    'Internet Explorer 11 on Windows 7',
    'Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; rv:11.0) like Gecko',
    { osCode: 'WIN', osVersion: '7', clientCode: 'IE', clientName: 'Internet Explorer', clientVersion: '11.0', clientEngine: 'Trident' },
  ],
];

describe('describeClient', () => {
  it.each(scenarios)('%s', (_name, userAgent, expected) => {
    expect(describeClient(userAgent)).toMatchObject(expected);
  });

  it('gives every Appwrite field, and nothing else, for a full browser', () => {
    expect(describeClient(scenarios[0]![1])).toEqual({ ...NOTHING, ...scenarios[0]![2] });
  });

  it('describes curl as a library with no OS or device', () => {
    expect(describeClient('curl/8.5.0')).toEqual({ ...NOTHING, clientType: 'library', clientName: 'curl', clientVersion: '8.5.0' });
  });

  it.each([
    ['python-requests/2.31.0', 'Python Requests', '2.31.0'],
    ['Wget/1.21.4', 'Wget', '1.21.4'],
    ['node', 'Node.js', ''],
  ])('describes %s as the library %s', (userAgent, clientName, clientVersion) => {
    expect(describeClient(userAgent)).toEqual({ ...NOTHING, clientType: 'library', clientName, clientVersion });
  });

  it('gives empty strings for an empty or unrecognisable user agent', () => {
    expect(describeClient('')).toEqual(NOTHING);
    expect(describeClient('definitely not a browser')).toEqual(NOTHING);
  });
});
