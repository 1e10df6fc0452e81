import type { SigninData, SigninResult } from './types';
import { CredentialsStep } from './credentials-step';
import { SecondFactorStep } from './second-factor-step';

export function SigninPage({ data, result }: { data: SigninData; result: SigninResult | undefined }) {
  return data.step === 'secondFactor' ? <SecondFactorStep data={data} result={result} /> : <CredentialsStep data={data} result={result} />;
}
