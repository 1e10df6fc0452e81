import * as appwrite17 from 'appwrite17';
import * as appwrite28 from 'appwrite28';

/**
 * The Avatars URL builders of both SDK generations in one positional form. They only build a URL
 * (endpoint + path + params + `project`; SDK 28 adds an empty `impersonateuserid`); the browser
 * loads it. SDK 28 is called through its object-parameter form.
 */
export interface AvatarsApi {
  /** The codes this generation's `Browser`, `CreditCard` and `Flag` enums offer. */
  codes: { browsers: string[]; creditCards: string[]; flags: string[] };
  getBrowser(code: string, width?: number, height?: number, quality?: number): string;
  getCreditCard(code: string, width?: number, height?: number, quality?: number): string;
  getFlag(code: string, width?: number, height?: number, quality?: number): string;
  getFavicon(url: string): string;
  getImage(url: string, width?: number, height?: number): string;
  getInitials(name?: string, width?: number, height?: number, background?: string): string;
  getQR(text: string, size?: number, margin?: number, download?: boolean): string;
}

export function avatarsApi17(client: appwrite17.Client): AvatarsApi {
  const avatars = new appwrite17.Avatars(client);
  return {
    codes: { browsers: Object.values(appwrite17.Browser), creditCards: Object.values(appwrite17.CreditCard), flags: Object.values(appwrite17.Flag) },
    getBrowser: (code, width, height, quality) => avatars.getBrowser(code as appwrite17.Browser, width, height, quality),
    getCreditCard: (code, width, height, quality) => avatars.getCreditCard(code as appwrite17.CreditCard, width, height, quality),
    getFlag: (code, width, height, quality) => avatars.getFlag(code as appwrite17.Flag, width, height, quality),
    getFavicon: (url) => avatars.getFavicon(url),
    getImage: (url, width, height) => avatars.getImage(url, width, height),
    getInitials: (name, width, height, background) => avatars.getInitials(name, width, height, background),
    getQR: (text, size, margin, download) => avatars.getQR(text, size, margin, download),
  };
}

export function avatarsApi28(client: appwrite28.Client): AvatarsApi {
  const avatars = new appwrite28.Avatars(client);
  return {
    codes: { browsers: Object.values(appwrite28.Browser), creditCards: Object.values(appwrite28.CreditCard), flags: Object.values(appwrite28.Flag) },
    getBrowser: (code, width, height, quality) => avatars.getBrowser({ code: code as appwrite28.Browser, width, height, quality }),
    getCreditCard: (code, width, height, quality) => avatars.getCreditCard({ code: code as appwrite28.CreditCard, width, height, quality }),
    getFlag: (code, width, height, quality) => avatars.getFlag({ code: code as appwrite28.Flag, width, height, quality }),
    getFavicon: (url) => avatars.getFavicon({ url }),
    getImage: (url, width, height) => avatars.getImage({ url, width, height }),
    getInitials: (name, width, height, background) => avatars.getInitials({ name, width, height, background }),
    getQR: (text, size, margin, download) => avatars.getQR({ text, size, margin, download }),
  };
}
