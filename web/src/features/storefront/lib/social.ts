import { SOCIAL_NETWORKS, type SocialNetwork } from '@vitrina/contracts';

/** spec 1 §5: handles are appended to each network's fixed address; discord is a full URL. */
const BASES: Record<Exclude<SocialNetwork, 'discord'>, string> = {
  facebook: 'https://www.facebook.com/',
  instagram: 'https://www.instagram.com/',
  twitter: 'https://x.com/',
  youtube: 'https://www.youtube.com/',
  twitch: 'https://www.twitch.tv/',
  kick: 'https://kick.com/',
};

export function socialUrl(network: SocialNetwork, value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^https?:\/\//i.test(text)) return text;
  if (network === 'discord') return null;
  const handle = text.replace(/^@/, '');
  return /^[A-Za-z0-9._-]{1,100}$/.test(handle) ? `${BASES[network]}${encodeURIComponent(handle)}` : null;
}

export function socialLinks(shop: Partial<Record<SocialNetwork, string | null>>): Array<{ network: SocialNetwork; url: string }> {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = socialUrl(network, shop[network]);
    return url ? [{ network, url }] : [];
  });
}
