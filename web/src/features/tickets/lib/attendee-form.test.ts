import { describe, expect, it } from 'vitest';
import { attendeeChange, attendeeErrors, cleanAttendee } from './attendee-form';
import { scannedCode } from './scanned-code';

describe('the attendee update form', () => {
  it('cleans as the server does: the name with its spaces collapsed, the phone without spaces', () => {
    expect(cleanAttendee({ full_name: '  María   José ', phone: ' 55 1234 5678 ' })).toEqual({
      full_name: 'María José',
      phone: '5512345678',
    });
  });

  it('asks for a name of at most 100 characters and a phone of 8 to 15 digits with an optional +', () => {
    expect(attendeeErrors({ full_name: 'Ana', phone: '5512345678' })).toEqual({});
    expect(attendeeErrors({ full_name: 'Ana', phone: '+52 1 55 1234 5678' })).toEqual({});
    expect(attendeeErrors({ full_name: '   ', phone: '5512345678' })).toEqual({ full_name: 'form.nameRequired' });
    expect(attendeeErrors({ full_name: 'x'.repeat(101), phone: '5512345678' })).toEqual({ full_name: 'form.nameTooLong' });
    expect(attendeeErrors({ full_name: `${'x'.repeat(100)}   `, phone: '5512345678' })).toEqual({});
    for (const phone of ['', '1234567', '1234567890123456', '55-1234-5678', '55123456ab', '++5512345678']) {
      expect([phone, attendeeErrors({ full_name: 'Ana', phone }).phone]).toEqual([phone, 'form.phoneInvalid']);
    }
  });

  it('sends only what changed', () => {
    const before = { full_name: 'Ana López', phone: '5512345678' };
    expect(attendeeChange(before, { full_name: ' Ana  López ', phone: '55 1234 5678' })).toEqual({});
    expect(attendeeChange(before, { full_name: 'Ana María López', phone: '5512345678' })).toEqual({ full_name: 'Ana María López' });
    expect(attendeeChange(before, { full_name: 'Ana López', phone: '+5215512345678' })).toEqual({ phone: '+5215512345678' });
  });
});

describe('a code read at the door', () => {
  it('loses its spaces and line breaks (a code copied from the PDF may wrap), and nothing or too long is no code', () => {
    expect(scannedCode('  vt1.abc.\nDEF ')).toBe('vt1.abc.DEF');
    expect(scannedCode('   ')).toBeNull();
    expect(scannedCode('x'.repeat(201))).toBeNull();
  });
});
