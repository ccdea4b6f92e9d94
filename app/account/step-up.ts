import { startAuthentication } from '@simplewebauthn/browser';
import { stepUpOptionsAction } from './actions';

/**
 * Before a factor is added to an account that has passkeys: the answer of one of them (as JSON), or
 * undefined when the account has none. Throws with words to show when the device gave no answer.
 */
export async function stepUpIfNeeded(): Promise<string | undefined> {
  const options = await stepUpOptionsAction();
  if (!options.ok) throw new Error(options.message);
  if (!options.data) return undefined;
  const answer = await startAuthentication({ optionsJSON: options.data }).catch(() => null);
  if (!answer) throw new Error('Use one of your passkeys first: adding a factor asks for the one you have.');
  return JSON.stringify(answer);
}
