import { describe, expect, it } from 'vitest';
import { alert } from '../test/fixtures';
import { alertMessage, timeAgo } from './alert-text';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('an alert’s time', () => {
  it('reads as how long ago, in the reader’s language', () => {
    expect(timeAgo(ago(10), 'es', NOW)).toBe('ahora');
    expect(timeAgo(ago(5 * 60), 'es', NOW)).toBe('hace 5 min');
    expect(timeAgo(ago(3 * 3600 + 1200), 'es', NOW)).toBe('hace 3 h');
    expect(timeAgo(ago(26 * 3600), 'es', NOW)).toBe('ayer');
    expect(timeAgo(ago(15 * 86_400), 'es', NOW)).toBe('hace 2 sem.');
    expect(timeAgo(ago(5 * 60), 'en', NOW)).toBe('5 min. ago');
    expect(timeAgo(ago(5 * 60), 'es-AR', NOW)).toBe('hace 5 min');
  });

  it('says now for a moment slightly ahead of the reader’s clock, and leaves a broken date as it came', () => {
    expect(timeAgo(ago(-30), 'es', NOW)).toBe('ahora');
    expect(timeAgo('mañana', 'es', NOW)).toBe('mañana');
  });
});

describe('an alert’s message', () => {
  const body = { es: 'Tu pedido va en camino', en: 'Your order is on its way', 'es-AR': 'Tu pedido está en camino' };

  it('is the one in the reader’s language; es-AR without its own falls back to Spanish', () => {
    expect(alertMessage(alert({ message_body: body }), 'es')).toBe('Tu pedido va en camino');
    expect(alertMessage(alert({ message_body: body }), 'en')).toBe('Your order is on its way');
    expect(alertMessage(alert({ message_body: body }), 'es-AR')).toBe('Tu pedido está en camino');
    expect(alertMessage(alert({ message_body: { ...body, 'es-AR': '' } }), 'es-AR')).toBe('Tu pedido va en camino');
  });

  it('is none when empty (the panel says so)', () => {
    expect(alertMessage(alert({ message_body: { es: ' ', en: '', 'es-AR': '' } }), 'es')).toBeNull();
    expect(alertMessage(alert({ message_body: { ...body, en: '' } }), 'en')).toBeNull();
  });
});
