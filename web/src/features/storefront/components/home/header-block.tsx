import { Button, Stack, Text, Title } from '@mantine/core';
import { StoreLimits, type HeaderJson } from '@vitrina/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readableOn } from '@/features/storefront/lib/colors';
import { ownerLink } from '@/features/storefront/lib/shop-path';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';
import { useSlots, useViewer } from '@/features/storefront/components/shared/storefront-context';
import classes from './header-block.module.css';

/**
 * spec 1 §2 header button: links to a url, or to /productos/{product_supplier}/{product}; with no link, the
 * button is the sign-up call to action, shown to level-zero users only.
 */
function HeaderCta({ header }: { header: HeaderJson }) {
  const { t } = useTranslation('storefront');
  const { register } = useSlots();
  const viewer = useViewer();
  const label = header.button_label;
  if (!label) return null;
  if (header.action_type === 'url' && header.url) {
    const link = ownerLink(header.url);
    return link.kind === 'shop' ? (
      <Button component={ShopLink} to={link.path} size="md" variant="white" color="dark">
        {t(`headerButton.${label}`)}
      </Button>
    ) : (
      <Button component="a" href={link.href} size="md" variant="white" color="dark">
        {t(`headerButton.${label}`)}
      </Button>
    );
  }
  if (header.action_type === 'product' && header.product && header.product_supplier) {
    return (
      <Button
        component={ShopLink}
        to={`/productos/${encodeURIComponent(header.product_supplier)}/${encodeURIComponent(header.product)}`}
        size="md"
        variant="white"
        color="dark"
      >
        {t(`headerButton.${label}`)}
      </Button>
    );
  }
  if (viewer.level === 0 && register) return <>{register({ label })}</>;
  return null;
}

function gradientStyle(header: HeaderJson): CSSProperties {
  const from = header.initial_color || StoreLimits.defaultHeaderColor;
  const to = header.final_color || from;
  return { '--header-from': from, '--header-to': to } as CSSProperties;
}

/** The header block's texts and call to action (title 30, subtitle 40, description 130 characters). */
function HeaderTexts({ header, headingLevel }: { header: HeaderJson; headingLevel: 1 | 2 }) {
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={headingLevel} className={classes.title}>
        {header.title}
      </Title>
      {header.subtitle && <Text className={classes.subtitle}>{header.subtitle}</Text>}
      {header.description && <Text className={classes.description}>{header.description}</Text>}
      <HeaderCta header={header} />
    </Stack>
  );
}

/** spec 1 §2 'Header block': title, subtitle, description and call to action on a gradient background. */
export function HeaderBlock({ header, beside, headingLevel = 1 }: { header: HeaderJson; beside?: ReactNode; headingLevel?: 1 | 2 }) {
  const from = header.initial_color || StoreLimits.defaultHeaderColor;
  const ink = readableOn(from, header.final_color || from);
  return (
    <section className={classes.block} data-ink={ink} style={gradientStyle(header)} aria-label={header.title} data-testid="header-block">
      {beside ? (
        // 2-column layout: the texts beside the slides (spec 1 §2 'Banner carousel').
        <div className={classes.twoColumns}>
          <HeaderTexts header={header} headingLevel={headingLevel} />
          <div>{beside}</div>
        </div>
      ) : (
        <HeaderTexts header={header} headingLevel={headingLevel} />
      )}
    </section>
  );
}
