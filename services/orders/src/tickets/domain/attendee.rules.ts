import { ATTENDEE_PHONE_PATTERN, OrderLimits } from '@vitrina/contracts';

/**
 * An attendee as a ticket names them: the same cleaning as the checkout's attendee form (cart-checkout
 * `setAttendees`): the name trimmed with inner spaces collapsed, the phone without spaces, 8 to 15 digits with an
 * optional leading + (ATTENDEE_PHONE_PATTERN).
 */
export function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

export function cleanPhone(phone: string): string {
  return phone.replace(/\s+/g, '');
}

/** Why an attendee's fields are refused, by field (empty when they are fine). */
export function attendeeProblems(a: { full_name?: string; phone?: string }): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (a.full_name !== undefined) {
    const name = cleanName(a.full_name);
    if (!name) out.full_name = ['full_name must not be empty'];
    else if (name.length > OrderLimits.attendeeNameMax)
      out.full_name = [`full_name must be at most ${OrderLimits.attendeeNameMax} characters`];
  }
  if (a.phone !== undefined && !ATTENDEE_PHONE_PATTERN.test(cleanPhone(a.phone))) {
    out.phone = ['phone must be 8 to 15 digits, optionally after a +'];
  }
  return out;
}
