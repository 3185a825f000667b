import { DeliveryErrors } from './delivery.errors.js';

/** How far ahead a scheduled delivery may be asked for. */
export const SCHEDULE_HORIZON_DAYS = 60;

/**
 * spec 3 §5: date and time are required when delivery is scheduled. A date (YYYY-MM-DD, the DTO checked the
 * shape) may not be before `today` nor beyond the horizon; date and time go together.
 */
export function scheduledDelivery(
  required: boolean,
  date: string | undefined,
  time: string | undefined,
  today: Date,
): { scheduled_date?: string; scheduled_time?: string } {
  if (date === undefined && time === undefined) {
    if (required) throw DeliveryErrors.scheduledDateRequired();
    return {};
  }
  if (date === undefined || time === undefined) throw DeliveryErrors.scheduledDateRequired();
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date)
    throw DeliveryErrors.invalidScheduledDate('scheduled_date is not a real date');
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (day.getTime() < start) throw DeliveryErrors.invalidScheduledDate('scheduled_date is in the past');
  if (day.getTime() > start + SCHEDULE_HORIZON_DAYS * 86_400_000) {
    throw DeliveryErrors.invalidScheduledDate(`scheduled_date may be at most ${SCHEDULE_HORIZON_DAYS} days ahead`);
  }
  return { scheduled_date: date, scheduled_time: time };
}
