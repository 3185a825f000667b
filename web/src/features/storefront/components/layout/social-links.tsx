import { ActionIcon, Group } from '@mantine/core';
import {
  IconBrandDiscord,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandKick,
  IconBrandTwitch,
  IconBrandX,
  IconBrandYoutube,
  type Icon,
} from '@tabler/icons-react';
import type { SocialNetwork } from '@vitrina/contracts';
import { useTranslation } from 'react-i18next';
import { socialLinks } from '@/features/storefront/lib/social';
import { useShop } from '@/features/storefront/components/shared/storefront-context';

const ICONS: Record<SocialNetwork, Icon> = {
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  twitter: IconBrandX,
  youtube: IconBrandYoutube,
  twitch: IconBrandTwitch,
  kick: IconBrandKick,
  discord: IconBrandDiscord,
};

/** The shop's social networks (spec 1 §2 'Social links'), each opening in a new tab. */
export function SocialLinks() {
  const { t } = useTranslation('storefront');
  const links = socialLinks(useShop());
  if (links.length === 0) return null;
  return (
    <Group gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('footer.social')}>
      {links.map(({ network, url }) => {
        const IconComponent = ICONS[network];
        return (
          <li key={network}>
            <ActionIcon
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              color="currentColor"
              c="inherit"
              aria-label={t(`social.${network}`)}
              title={t(`social.${network}`)}
            >
              <IconComponent size={18} aria-hidden />
            </ActionIcon>
          </li>
        );
      })}
    </Group>
  );
}
