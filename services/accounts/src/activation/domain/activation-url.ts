import { ACTIVATION_KEY_PLACEHOLDER } from '@vitrina/contracts';
import { ValidationError } from '@vitrina/platform';

/**
 * spec 2 §7: the caller says where the activation link points (`protocol, host and /activate/__KEY__`).
 * Only http(s) URLs holding `__KEY__`, and in production only towards our own origins: our e-mails must
 * never carry a key to someone else's site.
 */
export function activationUrlTemplate(
  requested: string | undefined,
  publicUrl: string,
  allowedOrigins: readonly string[] | undefined,
): string {
  if (requested === undefined) return `${publicUrl}/activate/${ACTIVATION_KEY_PLACEHOLDER}`;
  let url: URL;
  try {
    url = new URL(requested.split(ACTIVATION_KEY_PLACEHOLDER).join('KEY'));
  } catch {
    throw invalid('must be an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('must be an http or https URL');
  if (!requested.includes(ACTIVATION_KEY_PLACEHOLDER)) throw invalid(`must contain ${ACTIVATION_KEY_PLACEHOLDER}`);
  if (url.username || url.password) throw invalid('must not carry credentials');
  if (allowedOrigins && !allowedOrigins.includes(url.origin)) throw invalid('points to an origin that is not allowed');
  return requested;
}

function invalid(problem: string): ValidationError {
  return new ValidationError(`activation_url: ${problem}`, { activation_url: [problem] });
}
