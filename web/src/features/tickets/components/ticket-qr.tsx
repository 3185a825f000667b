import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

/** The QR's modules as one SVG path (a square per dark module), with a quiet zone of 2 modules. */
export async function qrPath(text: string): Promise<{ size: number; d: string }> {
  // loaded with the ticket pages only
  const { default: QRCode } = await import('qrcode');
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  let d = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.modules.get(row, col)) d += `M${col + 2} ${row + 2}h1v1h-1z`;
    }
  }
  return { size: n + 4, d };
}

/** A ticket's QR code, drawn crisp at any size (SVG); a skeleton while the encoder loads. */
export function TicketQr({ code, label, size = 200 }: { code: string; label: string; size?: number }) {
  const [qr, setQr] = useState<{ code: string; size: number; d: string } | null>(null);
  useEffect(() => {
    let live = true;
    void qrPath(code).then((drawn) => {
      if (live) setQr({ code, ...drawn });
    });
    return () => {
      live = false;
    };
  }, [code]);
  if (!qr || qr.code !== code) return <Skeleton w={size} h={size} data-testid="ticket-qr-loading" />;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      data-testid="ticket-qr"
      data-code={code}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.d} fill="#000" />
    </svg>
  );
}
