/** The second factors, in the order a challenge offers them (the authenticator app first). */
export const SECOND_FACTORS = ['totp', 'email', 'phone', 'recoverycode'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

export function isSecondFactor(value: string): value is SecondFactor {
  return (SECOND_FACTORS as readonly string[]).includes(value);
}

/** Factors whose code is sent (e-mail, text message) and so need a challenge before the code form. */
export function isDelivered(factor: SecondFactor): factor is 'email' | 'phone' {
  return factor === 'email' || factor === 'phone';
}

/** What a code for the factor looks like: six digits, or a recovery code of ten hex characters. */
export function codePattern(factor: SecondFactor): RegExp {
  return factor === 'recoverycode' ? /^[0-9a-f]{10}$/i : /^\d{6}$/;
}
