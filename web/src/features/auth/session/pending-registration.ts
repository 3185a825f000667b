/**
 * The password typed at registration, kept in memory only (never in the URL or storage) for the few
 * seconds until the PIN step, so a PIN that may be skipped (spec 2 §4 can_skip_pin) needs no retyping.
 * A reload forgets it; the PIN screen then asks for the password again.
 */
const passwords = new Map<string, string>();

export function rememberRegistrationPassword(code: string, password: string): void {
  passwords.clear();
  passwords.set(code, password);
}

export function registrationPassword(code: string): string | undefined {
  return passwords.get(code);
}

export function forgetRegistrationPassword(code: string): void {
  passwords.delete(code);
}
