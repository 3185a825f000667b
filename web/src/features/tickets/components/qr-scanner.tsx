import { Box } from '@mantine/core';
import jsQR from 'jsqr';
import { useEffect, useRef } from 'react';

export type CameraState = 'starting' | 'live' | 'denied' | 'unavailable';

/** The text of a QR code in an RGBA frame, or null. */
export function decodeFrame(pixels: Uint8ClampedArray, width: number, height: number): string | null {
  const found = jsQR(pixels, width, height, { inversionAttempts: 'dontInvert' });
  return found?.data ? found.data : null;
}

/** Frames are read at most this wide: enough for a ticket's QR at arm's length, cheap on a phone. */
const FRAME_WIDTH = 640;

interface Props {
  /** While paused the camera stays on but frames are not decoded (a result is on screen). */
  paused: boolean;
  onCode: (code: string) => void;
  onState: (state: CameraState) => void;
}

/**
 * The door's camera (getUserMedia, the back camera when there is one): each animation frame is drawn on a canvas
 * and read with jsQR; the first code found is handed over. The camera stops when the scanner unmounts.
 */
export function QrScanner({ paused, onCode, onState }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const pausedRef = useRef(paused);
  const onCodeRef = useRef(onCode);
  const onStateRef = useRef(onState);
  // the camera loop reads the latest props without restarting the camera
  useEffect(() => {
    pausedRef.current = paused;
    onCodeRef.current = onCode;
    onStateRef.current = onState;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let frame = 0;
    let stopped = false;
    const canvas = document.createElement('canvas');
    let context: CanvasRenderingContext2D | null = null;
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.getUserMedia) {
      onStateRef.current('unavailable');
      return;
    }
    onStateRef.current('starting');
    const tick = () => {
      if (stopped) return;
      const el = video.current;
      context ??= canvas.getContext('2d', { willReadFrequently: true });
      if (context && el && !pausedRef.current && el.readyState >= el.HAVE_ENOUGH_DATA && el.videoWidth > 0) {
        const scale = Math.min(1, FRAME_WIDTH / el.videoWidth);
        canvas.width = Math.round(el.videoWidth * scale);
        canvas.height = Math.round(el.videoHeight * scale);
        context.drawImage(el, 0, 0, canvas.width, canvas.height);
        const image = context.getImageData(0, 0, canvas.width, canvas.height);
        const code = decodeFrame(image.data, image.width, image.height);
        if (code) onCodeRef.current(code);
      }
      frame = requestAnimationFrame(tick);
    };
    media
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped) return s.getTracks().forEach((track) => track.stop());
        const el = video.current;
        if (!el) return;
        el.srcObject = s;
        // autoplay may be refused until a gesture; the frames still come once it plays
        await Promise.resolve(el.play()).catch(() => undefined);
        onStateRef.current('live');
        frame = requestAnimationFrame(tick);
      })
      .catch((error: unknown) => {
        if (stopped) return;
        const name = error instanceof DOMException || error instanceof Error ? error.name : '';
        onStateRef.current(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
      });
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <Box
      component="video"
      ref={video}
      muted
      playsInline
      w="100%"
      maw={480}
      style={{ borderRadius: 'var(--mantine-radius-md)', background: 'black', aspectRatio: '4 / 3', objectFit: 'cover' }}
      data-testid="checkin-video"
    />
  );
}
