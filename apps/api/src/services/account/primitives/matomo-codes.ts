/**
 * Matomo device-detector's codes and names (what Appwrite reports in sessions and logs), keyed by
 * the lower-cased names ua-parser-js gives. Only families a session is likely to come from are
 * listed; anything else keeps ua-parser-js's name and an empty code.
 */

export type CodeAndName = readonly [code: string, name: string];

export const OPERATING_SYSTEMS: ReadonlyMap<string, CodeAndName> = new Map([
  ['windows', ['WIN', 'Windows']],
  ['windows phone', ['WPH', 'Windows Phone']],
  ['windows mobile', ['WMO', 'Windows Mobile']],
  ['mac os', ['MAC', 'Mac']],
  ['ios', ['IOS', 'iOS']],
  ['android', ['AND', 'Android']],
  ['harmonyos', ['HAR', 'HarmonyOS']],
  ['chromium os', ['COS', 'Chrome OS']],
  ['linux', ['LIN', 'GNU/Linux']],
  ['ubuntu', ['UBT', 'Ubuntu']],
  ['kubuntu', ['KBT', 'Kubuntu']],
  ['debian', ['DEB', 'Debian']],
  ['fedora', ['FED', 'Fedora']],
  ['arch', ['ARL', 'Arch Linux']],
  ['mint', ['MIN', 'Mint']],
  ['gentoo', ['GNT', 'Gentoo']],
  ['centos', ['CES', 'CentOS']],
  ['redhat', ['RHT', 'Red Hat']],
  ['suse', ['SSE', 'SUSE']],
  ['opensuse', ['SSE', 'SUSE']],
  ['freebsd', ['BSD', 'FreeBSD']],
  ['openbsd', ['OBS', 'OpenBSD']],
  ['netbsd', ['NBS', 'NetBSD']],
  ['solaris', ['SOS', 'Solaris']],
  ['kaios', ['KOS', 'KaiOS']],
  ['tizen', ['TIZ', 'Tizen']],
  ['webos', ['WOS', 'webOS']],
  ['blackberry', ['BLB', 'BlackBerry OS']],
]);

/** Matomo counts these OS families as desktops when no device type is recognised. */
export const DESKTOP_OS_CODES: ReadonlySet<string> = new Set([
  'WIN', 'MAC', 'COS', 'LIN', 'UBT', 'KBT', 'DEB', 'FED', 'ARL', 'MIN', 'GNT', 'CES', 'RHT', 'SSE', 'BSD', 'OBS', 'NBS', 'SOS',
]);

/**
 * Browsers. The codes `/v1/avatars/browsers/{code}` draws (lower-cased: aa an ch ci cm cr ff sf mf
 * ps oi om op on) come from this same list.
 */
export const BROWSERS: ReadonlyMap<string, CodeAndName> = new Map([
  ['chrome', ['CH', 'Chrome']],
  ['chrome headless', ['HC', 'Headless Chrome']],
  ['chrome webview', ['CV', 'Chrome Webview']],
  ['chromium', ['CR', 'Chromium']],
  ['firefox', ['FF', 'Firefox']],
  ['mobile firefox', ['FM', 'Firefox Mobile']],
  ['firefox focus', ['FK', 'Firefox Focus']],
  ['safari', ['SF', 'Safari']],
  ['mobile safari', ['MF', 'Mobile Safari']],
  ['edge', ['PS', 'Microsoft Edge']],
  ['opera', ['OP', 'Opera']],
  ['opera mini', ['OI', 'Opera Mini']],
  ['opera mobi', ['OM', 'Opera Mobile']],
  ['opera touch', ['OO', 'Opera Touch']],
  ['opera gx', ['OX', 'Opera GX']],
  ['opera coast', ['C1', 'Coast']],
  ['avant', ['AA', 'Avant Browser']],
  ['android browser', ['AN', 'Android Browser']],
  ['samsung internet', ['SB', 'Samsung Browser']],
  ['ie', ['IE', 'Internet Explorer']],
  ['iemobile', ['IM', 'IE Mobile']],
  ['vivaldi', ['VI', 'Vivaldi']],
  ['brave', ['BR', 'Brave']],
  ['yandex', ['YA', 'Yandex Browser']],
  ['duckduckgo', ['DD', 'DuckDuckGo Privacy Browser']],
  ['ucbrowser', ['UC', 'UC Browser']],
  ['silk', ['MS', 'Mobile Silk']],
  ['whale', ['WH', 'Whale Browser']],
  ['coc coc', ['CC', 'Coc Coc']],
  ['miui browser', ['MU', 'Mi Browser']],
  ['qqbrowser', ['QQ', 'QQ Browser']],
  ['maxthon', ['MX', 'Maxthon']],
  ['konqueror', ['KO', 'Konqueror']],
  ['epiphany', ['EP', 'GNOME Web']],
  ['falkon', ['FA', 'Falkon']],
  ['midori', ['MI', 'Midori']],
  ['palemoon', ['PM', 'Pale Moon']],
  ['waterfox', ['WF', 'Waterfox']],
]);

/** Matomo names the mobile builds of these browsers apart from the desktop ones. */
export const MOBILE_BROWSERS: ReadonlyMap<string, { ios?: CodeAndName; mobile: CodeAndName }> = new Map([
  ['CH', { ios: ['CI', 'Chrome Mobile iOS'], mobile: ['CM', 'Chrome Mobile'] }],
  ['FF', { ios: ['F1', 'Firefox Mobile iOS'], mobile: ['FM', 'Firefox Mobile'] }],
  ['OP', { mobile: ['OM', 'Opera Mobile'] }],
]);

/** Engine names as Matomo spells them (ua-parser-js keeps the user agent's own case, e.g. `Webkit`). */
export const ENGINES: ReadonlyMap<string, string> = new Map([
  ['blink', 'Blink'],
  ['webkit', 'WebKit'],
  ['gecko', 'Gecko'],
  ['presto', 'Presto'],
  ['trident', 'Trident'],
  ['edgehtml', 'Edge'],
  ['khtml', 'KHTML'],
]);

/** Matomo's device type names, keyed by ua-parser-js's device types. */
export const DEVICE_TYPES: ReadonlyMap<string, string> = new Map([
  ['mobile', 'smartphone'],
  ['tablet', 'tablet'],
  ['smarttv', 'tv'],
  ['console', 'console'],
  ['wearable', 'wearable'],
]);

/** HTTP libraries (Matomo client type `library`), which ua-parser-js does not recognise. */
export const LIBRARIES: ReadonlyArray<readonly [pattern: RegExp, name: string]> = [
  [/^curl(?:\/(\d[\w.-]*))?/i, 'curl'],
  [/^wget(?:\/(\d[\w.-]*))?/i, 'Wget'],
  [/^python-requests(?:\/(\d[\w.-]*))?/i, 'Python Requests'],
  [/^python-urllib(?:\/(\d[\w.-]*))?/i, 'Python urllib'],
  [/^go-http-client(?:\/(\d[\w.-]*))?/i, 'Go-http-client'],
  [/^okhttp(?:\/(\d[\w.-]*))?/i, 'OkHttp'],
  [/^axios(?:\/(\d[\w.-]*))?/i, 'Axios'],
  [/^node-fetch(?:\/(\d[\w.-]*))?/i, 'Node Fetch'],
  [/^(?:node|undici)(?:\/(\d[\w.-]*))?$/i, 'Node.js'],
  [/^dart(?:\/(\d[\w.-]*))?/i, 'Dart'],
  [/^postmanruntime(?:\/(\d[\w.-]*))?/i, 'Postman Desktop'],
];
