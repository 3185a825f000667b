import { ATTENDEE_PHONE_PATTERN, OrderLimits } from '@vitrina/contracts';
import type { TicketsKey } from '../i18n/texts';

export interface AttendeeValues {
  full_name: string;
  phone: string;
}

/** What the server keeps (services/orders tickets attendee rules): the name with its spaces collapsed, the phone without spaces. */
export function cleanAttendee(values: AttendeeValues): AttendeeValues {
  return { full_name: values.full_name.trim().replace(/\s+/g, ' '), phone: values.phone.replace(/\s+/g, '') };
}

/** Each field's problem as a text key (absent when it is fine): the server's rules, checked before sending. */
export function attendeeErrors(values: AttendeeValues): Partial<Record<keyof AttendeeValues, TicketsKey>> {
  const clean = cleanAttendee(values);
  const errors: Partial<Record<keyof AttendeeValues, TicketsKey>> = {};
  if (!clean.full_name) errors.full_name = 'form.nameRequired';
  else if (clean.full_name.length > OrderLimits.attendeeNameMax) errors.full_name = 'form.nameTooLong';
  if (!ATTENDEE_PHONE_PATTERN.test(clean.phone)) errors.phone = 'form.phoneInvalid';
  return errors;
}

/** Only what changed, cleaned (an unchanged form sends nothing). */
export function attendeeChange(before: AttendeeValues, values: AttendeeValues): Partial<AttendeeValues> {
  const clean = cleanAttendee(values);
  const change: Partial<AttendeeValues> = {};
  if (clean.full_name !== before.full_name) change.full_name = clean.full_name;
  if (clean.phone !== before.phone) change.phone = clean.phone;
  return change;
}
