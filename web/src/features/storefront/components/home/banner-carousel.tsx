import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { BannerJson } from '@vitrina/contracts';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { BANNER_AUTOPLAY_MS, BANNER_SPEED_MS, useCarousel } from '@/features/storefront/lib/use-carousel';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';
import { ownerLink, visibleShopPath } from '@/features/storefront/lib/shop-path';
import { useShop, useSlots, useViewer } from '@/features/storefront/components/shared/storefront-context';
import classes from './banner-carousel.module.css';

export type BannerTarget =
  | { kind: 'product'; path: string }
  | { kind: 'url'; href: string; newTab: boolean }
  | { kind: 'signup' }
  | { kind: 'none' };

/**
 * spec 1 §2 'Banner carousel': a slide with product and supplier links to /productos/{supplier}/{product};
 * otherwise to the banner url, in a new tab when url_target is true. A signup slide opens the registration.
 */
export function bannerTarget(banner: Pick<BannerJson, 'action_type' | 'product' | 'supplier' | 'url' | 'url_target'>): BannerTarget {
  if (banner.product && banner.supplier && banner.action_type !== 'url') {
    return { kind: 'product', path: `/productos/${encodeURIComponent(banner.supplier)}/${encodeURIComponent(banner.product)}` };
  }
  if (banner.url && banner.action_type !== 'signup' && banner.action_type !== 'none') {
    return { kind: 'url', href: banner.url, newTab: banner.url_target };
  }
  if (banner.action_type === 'signup') return { kind: 'signup' };
  return { kind: 'none' };
}

function Slide({ banner, label }: { banner: BannerJson; label: string }) {
  const { t } = useTranslation('storefront');
  const { register } = useSlots();
  const viewer = useViewer();
  const shop = useShop();
  const picture = (
    <picture>
      {banner.vrt_image && <source media="(max-width: 47.99em)" srcSet={banner.vrt_image} />}
      <img src={banner.hzt_image} alt={label} width={1600} height={491} />
    </picture>
  );
  const target = bannerTarget(banner);
  if (target.kind === 'product') {
    return (
      <ShopLink to={target.path} className={classes.slideLink} aria-label={t('banner.toProduct', { label })}>
        {picture}
      </ShopLink>
    );
  }
  if (target.kind === 'url') {
    const link = ownerLink(target.href);
    if (link.kind === 'shop' && !target.newTab) {
      return (
        <ShopLink to={link.path} className={classes.slideLink} aria-label={t('banner.toUrl', { label })}>
          {picture}
        </ShopLink>
      );
    }
    return (
      <a
        href={link.kind === 'shop' ? visibleShopPath(shop.slug, link.path) : link.href}
        className={classes.slideLink}
        {...(target.newTab ? { target: '_blank', rel: 'noopener noreferrer', 'aria-label': t('banner.toUrlNewTab', { label }) } : { 'aria-label': t('banner.toUrl', { label }) })}
      >
        {picture}
      </a>
    );
  }
  if (target.kind === 'signup' && viewer.level === 0 && register) {
    return (
      <div style={{ position: 'relative' }}>
        {picture}
        <div style={{ position: 'absolute', bottom: 16, left: 16 }}>{register({ label: 'signup' })}</div>
      </div>
    );
  }
  return picture;
}

interface BannerCarouselProps {
  banners: BannerJson[];
  /** store_theme_info.columns: 1 shows arrows and dots; 2 sits beside the header block's text (dots only). */
  columns: 1 | 2;
  interval?: number;
  speed?: number;
}

/**
 * The shop's banner carousel (spec 1 §2, §9): fade, one slide at a time, infinite, autoplay every 5 s with a
 * 500 ms transition, paused while hovered or focused. One banner is shown statically; none shows nothing.
 */
export function BannerCarousel({ banners, columns, interval = BANNER_AUTOPLAY_MS, speed = BANNER_SPEED_MS }: BannerCarouselProps) {
  const { t } = useTranslation('storefront');
  const carousel = useCarousel(banners.length, interval);
  if (banners.length === 0) return null;
  const many = banners.length > 1;

  const slides = (
    <div className={classes.viewport} aria-live={carousel.paused ? 'polite' : 'off'}>
      {banners.map((banner, index) => {
        const active = index === carousel.index;
        const label = t('banner.slide', { n: index + 1, total: banners.length });
        return (
          <div
            key={banner.id}
            className={classes.slide}
            data-active={active ? '' : undefined}
            role={many ? 'group' : undefined}
            aria-roledescription={many ? t('banner.slideRole') : undefined}
            aria-label={many ? label : undefined}
            aria-hidden={!active}
            inert={!active}
            style={{ transitionDuration: `${speed}ms` } as CSSProperties}
            data-testid="banner-slide"
          >
            <Slide banner={banner} label={label} />
          </div>
        );
      })}
    </div>
  );

  if (!many) {
    return (
      <section className={classes.carousel} data-columns={columns} aria-label={t('banner.label')}>
        {slides}
      </section>
    );
  }

  return (
    <section
      className={classes.carousel}
      data-columns={columns}
      aria-roledescription={t('banner.role')}
      aria-label={t('banner.label')}
      onMouseEnter={() => carousel.setPaused('hover', true)}
      onMouseLeave={() => carousel.setPaused('hover', false)}
      onFocus={() => carousel.setPaused('focus', true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) carousel.setPaused('focus', false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') carousel.next();
        if (event.key === 'ArrowLeft') carousel.previous();
      }}
      data-paused={carousel.paused ? '' : undefined}
    >
      {slides}
      {columns === 1 && (
        <>
          <ActionIcon className={classes.arrow} data-side="previous" variant="white" color="dark" radius="xl" size="lg" onClick={carousel.previous} aria-label={t('banner.previous')}>
            <IconChevronLeft size={20} aria-hidden />
          </ActionIcon>
          <ActionIcon className={classes.arrow} data-side="next" variant="white" color="dark" radius="xl" size="lg" onClick={carousel.next} aria-label={t('banner.next')}>
            <IconChevronRight size={20} aria-hidden />
          </ActionIcon>
        </>
      )}
      <div className={classes.dots}>
        {banners.map((banner, index) => (
          <button
            key={banner.id}
            type="button"
            className={classes.dot}
            data-active={index === carousel.index ? '' : undefined}
            aria-label={t('banner.goTo', { n: index + 1 })}
            aria-current={index === carousel.index ? 'true' : undefined}
            onClick={() => carousel.goTo(index)}
          />
        ))}
      </div>
    </section>
  );
}

