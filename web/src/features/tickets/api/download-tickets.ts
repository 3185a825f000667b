import type { TicketLanguage } from '@vitrina/contracts';
import { api, ownerSegment, unwrap } from '@/api/client';
import { saveFile } from '@/lib/save-file';

export type TicketDownload = { kind: 'one'; attendantId: string; position: number } | { kind: 'pdf' } | { kind: 'zip' };

function lang(language: string): TicketLanguage {
  return language === 'en' ? 'en' : language === 'es-AR' ? 'es-AR' : 'es';
}

/** The file of a download: one ticket's PDF, every ticket in one PDF, or the zip of one PDF per attendee. */
export function fetchTicketFile(userId: string, orderId: string, what: TicketDownload, language: string): Promise<Blob> {
  const me = ownerSegment(userId);
  const query = { lang: lang(language) };
  if (what.kind === 'one') {
    return unwrap<Blob>(
      api.GET('/api/orders/{me}/orders/{id}/attendants/{attendantId}.pdf', {
        params: { path: { me, id: orderId, attendantId: what.attendantId }, query },
        parseAs: 'blob',
      }),
    );
  }
  if (what.kind === 'pdf') {
    return unwrap<Blob>(
      api.GET('/api/orders/{me}/orders/{id}/attendants/pdf', { params: { path: { me, id: orderId }, query }, parseAs: 'blob' }),
    );
  }
  return unwrap<Blob>(
    api.GET('/api/orders/{me}/orders/{id}/attendants/zip', { params: { path: { me, id: orderId }, query }, parseAs: 'blob' }),
  );
}

export function downloadName(orderId: string, what: TicketDownload, language: string): string {
  const word = language === 'en' ? 'ticket' : 'boleto';
  if (what.kind === 'one') return `${word}-${String(what.position + 1).padStart(2, '0')}-${orderId}.pdf`;
  return `${word}s-${orderId}.${what.kind}`;
}

/**
 * Downloads tickets; spec 3 §8: 'PDF or zip download failures are silently ignored' (no toast, no error state: the
 * button simply stops spinning). Answers whether the file was handed over.
 */
export async function downloadTickets(
  userId: string,
  orderId: string,
  what: TicketDownload,
  language: string,
  save: (blob: Blob, name: string) => void = saveFile,
): Promise<boolean> {
  try {
    const blob = await fetchTicketFile(userId, orderId, what, language);
    save(blob, downloadName(orderId, what, language));
    return true;
  } catch {
    return false;
  }
}
