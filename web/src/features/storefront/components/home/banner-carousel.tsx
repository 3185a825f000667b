import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { BannerJson } from '@vitrina/contracts';
import type { EmblaCarouselType } from 'embla-carousel';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '@/components/responsive-image';
import { BANNER_AUTOPLAY_MS, slidesToLoad, useAutoplay } from '@/features/storefront/lib/use-carousel';
import { ShopLink } from '@/features/storefront/components/shared/shop-link';
import { ownerLink, visibleShopPath } from '@/features/storefront/lib/shop-path';
import { useShop, useSlots, useViewer } from '@/features/storefront/components/shared/storefront-context';
import classes from './banner-carousel.module.css';

export type BannerTarget =
  { kind: 'product'; path: string } | { kind: 'url'; href: string; newTab: boolean } | { kind: 'signup' } | { kind: 'none' };

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

function Slide({ banner, label, load, first }: { banner: BannerJson; label: string; load: boolean; first: boolean }) {
  const { t } = useTranslation('storefront');
  const { register } = useSlots();
  const viewer = useViewer();
  const shop = useShop();
  // Slides not yet due keep an empty, same-sized frame: their images load when they become the shown or next one.
  // Each image in the size its screen draws it (the gallery's WebP variants; issue 10 §3), the portrait one on phones.
  const picture = load ? (
    <ResponsiveImage
      src={banner.hzt_image}
      alt={label}
      width={1600}
      height={491}
      draggable={false}
      sizes="(max-width: 75em) 100vw, 1200px"
      priority={first}
      {...(banner.vrt_image ? { art: { media: '(max-width: 47.99em)', src: banner.vrt_image, sizes: '100vw' } } : {})}
    />
  ) : (
    <div className={classes.placeholder} role="img" aria-label={label} data-testid="banner-placeholder" />
  );
  const target = bannerTarget(banner);
  if (target.kind === 'product') {
    return (
      <ShopLink to={target.path} className={classes.slideLink} aria-label={t('banner.toProduct', { label })} draggable={false}>
        {picture}
      </ShopLink>
    );
  }
  if (target.kind === 'url') {
    const link = ownerLink(target.href);
    if (link.kind === 'shop' && !target.newTab) {
      return (
        <ShopLink to={link.path} className={classes.slideLink} aria-label={t('banner.toUrl', { label })} draggable={false}>
          {picture}
        </ShopLink>
      );
    }
    return (
      <a
        href={link.kind === 'shop' ? visibleShopPath(shop.slug, link.path) : link.href}
        className={classes.slideLink}
        draggable={false}
        {...(target.newTab
          ? { target: '_blank', rel: 'noopener noreferrer', 'aria-label': t('banner.toUrlNewTab', { label }) }
          : { 'aria-label': t('banner.toUrl', { label }) })}
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
}

/**
 * The shop's banner carousel (spec 1 §2, §9) on Mantine's Embla carousel: infinite, touch swipe and drag,
 * arrows and dots, autoplay every 5 s paused while hovered, focused or dragged, with a visible pause/play
 * control; no autoplay for visitors who ask for reduced motion. Only the shown slide and the next load their
 * images. One banner is shown statically; none shows nothing.
 */
export function BannerCarousel({ banners, columns, interval = BANNER_AUTOPLAY_MS }: BannerCarouselProps) {
  const { t } = useTranslation('storefront');
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const root = useRef<HTMLElement>(null);
  const [index, setIndex] = useState(0);
  const count = banners.length;
  const many = count > 1;
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => slidesToLoad(new Set(), 0, count));
  const advance = useCallback(() => embla?.scrollNext(), [embla]);
  const autoplay = useAutoplay(advance, { enabled: many && embla !== null, interval, restartKey: index });

  // The slides near the shown one start loading as soon as it changes: adjusted while rendering, not in an effect
  // (react.dev 'You might not need an effect'), so no render shows a slide whose image has not been asked for.
  const [loadedFor, setLoadedFor] = useState({ index, count });
  if (loadedFor.index !== index || loadedFor.count !== count) {
    setLoadedFor({ index, count });
    setLoaded((current) => slidesToLoad(current, index, count));
  }
  const { hold } = autoplay;
  useEffect(() => {
    if (!embla) return undefined;
    // A drag may bring in the previous slide: its image starts loading as the finger goes down.
    const onDown = () => {
      hold('drag', true);
      setLoaded((current) => slidesToLoad(current, embla.selectedScrollSnap(), count, true));
    };
    const onSettle = () => hold('drag', false);
    embla.on('pointerDown', onDown);
    embla.on('pointerUp', onSettle);
    return () => {
      embla.off('pointerDown', onDown);
      embla.off('pointerUp', onSettle);
    };
  }, [embla, count, hold]);

  // Mantine names the dots' tablist in English ('Slides') with no prop to change it: named in the reader's language.
  useEffect(() => {
    root.current?.querySelector('[role="tablist"]')?.setAttribute('aria-label', t('banner.dots'));
  });

  if (count === 0) return null;

  if (!many) {
    const label = t('banner.slide', { n: 1, total: 1 });
    return (
      <section className={classes.carousel} data-columns={columns} aria-label={t('banner.label')}>
        <div className={classes.viewport}>
          <div className={classes.slide} data-active="" data-testid="banner-slide">
            <Slide banner={banners[0]!} label={label} load first />
          </div>
        </div>
      </section>
    );
  }

  const slides = banners.map((banner, slide) => {
    const active = slide === index;
    const label = t('banner.slide', { n: slide + 1, total: count });
    return (
      <Carousel.Slide
        key={banner.id}
        className={classes.slide}
        data-active={active ? '' : undefined}
        role={many ? 'group' : undefined}
        aria-roledescription={many ? t('banner.slideRole') : undefined}
        aria-label={many ? label : undefined}
        aria-hidden={!active}
        inert={!active}
        data-testid="banner-slide"
      >
        <Slide banner={banner} label={label} load={loaded.has(slide)} first={slide === 0} />
      </Carousel.Slide>
    );
  });

  return (
    // Hover and focus only pause the autoplay (WAI-ARIA carousel pattern); the controls inside are the interactive parts.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      ref={root}
      className={classes.carousel}
      data-columns={columns}
      aria-roledescription={t('banner.role')}
      aria-label={t('banner.label')}
      onMouseEnter={() => autoplay.hold('hover', true)}
      onMouseLeave={() => autoplay.hold('hover', false)}
      onFocus={() => autoplay.hold('focus', true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) autoplay.hold('focus', false);
      }}
      data-playing={autoplay.playing ? '' : undefined}
    >
      <Carousel
        // The section is the carousel region (named in the reader's language); Mantine's root is only the frame.
        role={undefined}
        aria-roledescription={undefined}
        classNames={{
          root: classes.frame,
          viewport: classes.viewport,
          indicators: classes.dots,
          indicator: classes.dot,
          control: classes.arrow,
        }}
        emblaOptions={{ loop: true, align: 'start' }}
        getEmblaApi={setEmbla}
        onSlideChange={setIndex}
        withControls={columns === 1}
        withIndicators
        controlSize={36}
        previousControlIcon={<IconChevronLeft size={20} aria-hidden />}
        nextControlIcon={<IconChevronRight size={20} aria-hidden />}
        previousControlProps={{ 'aria-label': t('banner.previous') }}
        nextControlProps={{ 'aria-label': t('banner.next') }}
        getIndicatorProps={(dot) => ({
          'aria-label': t('banner.goTo', { n: dot + 1 }),
          'aria-current': dot === index ? 'true' : undefined,
        })}
        aria-live={autoplay.playing ? 'off' : 'polite'}
      >
        {slides}
      </Carousel>
      <ActionIcon
        className={classes.pause}
        variant="white"
        color="dark"
        radius="xl"
        size="md"
        onClick={autoplay.toggle}
        aria-label={autoplay.playing ? t('banner.pause') : t('banner.play')}
        title={autoplay.playing ? t('banner.pause') : t('banner.play')}
      >
        {autoplay.playing ? <IconPlayerPauseFilled size={14} aria-hidden /> : <IconPlayerPlayFilled size={14} aria-hidden />}
      </ActionIcon>
    </section>
  );
}
