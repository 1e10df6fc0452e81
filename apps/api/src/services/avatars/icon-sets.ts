/**
 * The codes `/avatars/browsers`, `/avatars/credit-cards` and `/avatars/flags` answer, in Appwrite's
 * order (its error message lists them). A brand with a `glyph` is drawn with that simple-icons mark
 * (CC0); the others are drawn as a labelled tile, because simple-icons has no mark for them.
 */

export interface Brand {
  name: string;
  /** The tile's colour, `#rrggbb`. */
  colour: string;
  /** A simple-icons slug. */
  glyph?: string;
  /** The text of a tile without a glyph (defaults to the name). */
  label?: string;
}

export const browsers: Readonly<Record<string, Brand>> = {
  aa: { name: 'Avant Browser', colour: '#1A73C8', label: 'Avant' },
  an: { name: 'Android WebView Beta', colour: '#3DDC84', glyph: 'android' },
  ch: { name: 'Google Chrome', colour: '#4285F4', glyph: 'googlechrome' },
  ci: { name: 'Google Chrome (iOS)', colour: '#4285F4', glyph: 'googlechrome' },
  cm: { name: 'Google Chrome (Mobile)', colour: '#4285F4', glyph: 'googlechrome' },
  // Chromium's mark is the same shape as Chrome's, in blue.
  cr: { name: 'Chromium', colour: '#2F6FDB', glyph: 'googlechrome' },
  ff: { name: 'Mozilla Firefox', colour: '#E25920', glyph: 'firefoxbrowser' },
  sf: { name: 'Safari', colour: '#006CFF', glyph: 'safari' },
  mf: { name: 'Mobile Safari', colour: '#006CFF', glyph: 'safari' },
  ps: { name: 'Microsoft Edge', colour: '#0078D7', label: 'Edge' },
  oi: { name: 'Microsoft Edge (iOS)', colour: '#0078D7', label: 'Edge' },
  om: { name: 'Opera Mini', colour: '#FF1B2D', glyph: 'opera' },
  op: { name: 'Opera', colour: '#FF1B2D', glyph: 'opera' },
  on: { name: 'Opera (Next)', colour: '#FF1B2D', glyph: 'opera' },
};

const unionPay: Brand = { name: 'Union China Pay', colour: '#E21836', label: 'UnionPay' };

export const creditCards: Readonly<Record<string, Brand>> = {
  amex: { name: 'American Express', colour: '#2E77BC', glyph: 'americanexpress' },
  argencard: { name: 'Argencard', colour: '#005BAA' },
  cabal: { name: 'Cabal', colour: '#006FB9' },
  cencosud: { name: 'Cencosud', colour: '#0A6EB4' },
  diners: { name: 'Diners Club', colour: '#004C97', glyph: 'dinersclub' },
  discover: { name: 'Discover', colour: '#FF6000', glyph: 'discover' },
  elo: { name: 'Elo', colour: '#111111' },
  hipercard: { name: 'Hipercard', colour: '#B3131B' },
  jcb: { name: 'JCB', colour: '#0B4EA2', glyph: 'jcb' },
  mastercard: { name: 'Mastercard', colour: '#EB001B', glyph: 'mastercard' },
  naranja: { name: 'Naranja', colour: '#FF5F00' },
  'targeta-shopping': { name: 'Tarjeta Shopping', colour: '#D6001C', label: 'Shopping' },
  // SDK 17 spells it union-china-pay, SDK 28 unionpay.
  'union-china-pay': unionPay,
  unionpay: unionPay,
  visa: { name: 'Visa', colour: '#1A1F71', glyph: 'visa' },
  mir: { name: 'Mir', colour: '#0F754E', label: 'МИР' },
  maestro: { name: 'Maestro', colour: '#0099DF' },
  rupay: { name: 'RuPay', colour: '#1B3C7B' },
};

/** ISO 3166-1 alpha-2, lower-case: the 195 countries of Appwrite's list (the SDKs' `Flag` enum). */
export const flagCodes: readonly string[] = (
  'af ao al ad ae ar am ag au at az bi be bj bf bd bg bh bs ba by bz bo br bb bn bt bw cf ca ch cl cn ci cm cd cg co km cv ' +
  'cr cu cy cz de dj dm dk do dz ec eg er es ee et fi fj fr fm ga gb ge gh gn gm gw gq gr gd gt gy hn hr ht hu id in ie ir ' +
  'iq is il it jm jo jp kz ke kg kh ki kn kr kw la lb lr ly lc li lk ls lt lu lv ma mc md mg mv mx mh mk ml mt mm me mn mz ' +
  'mr mu mw my na ne ng ni nl no np nr nz om pk pa pe ph pw pg pl pf kp pt py qa ro ru rw sa sd sn sg sb sl sv sm so rs ss ' +
  'st sr sk si se sz sc sy td tg th tj tm tl to tt tn tr tv tz ug ua uy us uz va vc ve vn vu ws ye za zm zw'
).split(' ');
