import { TicketLimits } from '@vitrina/contracts';

/**
 * What the door sends for a scanned or typed code: trimmed, spaces and line breaks removed (a code copied from the
 * PDF may wrap), or null when nothing is left or it is longer than any ticket code.
 */
export function scannedCode(raw: string): string | null {
  const code = raw.replace(/\s+/g, '');
  if (!code || code.length > TicketLimits.codeMax) return null;
  return code;
}
