import { useState } from 'react';
import { readCookie, writeCookie } from '@/lib/cookies';

/** spec 2 §4, §9: the resale-info toggle lives in a cookie for 365 days, default true. */
export const RESALE_INFO_COOKIE = 'resale_info';

export function readResaleInfo(): boolean {
  return readCookie(RESALE_INFO_COOKIE) !== 'false';
}

export function writeResaleInfo(show: boolean): void {
  writeCookie(RESALE_INFO_COOKIE, show ? 'true' : 'false');
}

/** Whether resellers see resale information (spec 2 §6: levels one and two, only with the cookie flag). */
export function useResaleInfoPreference(): [boolean, (show: boolean) => void] {
  const [show, setShow] = useState(readResaleInfo);
  return [
    show,
    (next) => {
      writeResaleInfo(next);
      setShow(next);
    },
  ];
}
