import { describe, expect, it } from 'vitest';
import { socialLinks, socialUrl } from './social';

describe('social links (spec 1 §5)', () => {
  it('appends handles to the network address and keeps full URLs', () => {
    expect(socialUrl('instagram', 'vitrina.demo')).toBe('https://www.instagram.com/vitrina.demo');
    expect(socialUrl('twitter', '@vitrinademo')).toBe('https://x.com/vitrinademo');
    expect(socialUrl('facebook', 'https://facebook.com/x')).toBe('https://facebook.com/x');
    expect(socialUrl('discord', 'https://discord.gg/abc')).toBe('https://discord.gg/abc');
    expect(socialUrl('discord', 'abc')).toBeNull();
    expect(socialUrl('kick', 'bad handle')).toBeNull();
  });

  it('lists only the networks the shop has, in order', () => {
    expect(socialLinks({ youtube: 'v', facebook: 'f', twitch: null }).map((l) => l.network)).toEqual(['facebook', 'youtube']);
  });
});
