import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { BANNER_IMAGE, type BannerJson } from '@vitrina/contracts';
import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
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
      sizes={BANNER_IMAGE.sizes}
      priority={first}
      {...(banner.vrt_image ? { art: { media: BANNER_IMAGE.phoneMedia, src: banner.vrt_image, sizes: BANNER_IMAGE.phoneSizes } } : {})}
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

const ARROWS = [
  { side: 'previous', step: -1, Icon: IconChevronLeft },
  { side: 'next', step: 1, Icon: IconChevronRight },
] as const;

/** A swipe shorter than this share of the banner's width springs back. */
const SWIPE_SHARE = 0.15;

/**
 * The shop's banner carousel (spec 1 §2, §9): a track of slides moved with a CSS transform (500 ms, none for
 * reduced motion), wrapping around at both ends; touch swipe (horizontal, page scrolling stays vertical), arrows and
 * dots (a tablist: arrow keys move), autoplay every 5 s paused while hovered, focused or swiped, with a visible
 * pause/play control; no autoplay for visitors who ask for reduced motion. Only the shown slide and the next load
 * their images. One banner is shown statically; none shows nothing.
 *
 * Built here rather than on Mantine's Embla carousel: that one was 14 KB (brotli) of the shop home's first load on a
 * phone, for what transform, pointer events and the autoplay hook do in a few hundred bytes (issue 10 §3 weight).
 */
export function BannerCarousel({ banners, columns, interval = BANNER_AUTOPLAY_MS }: BannerCarouselProps) {
  const { t } = useTranslation('storefront');
  const count = banners.length;
  const many = count > 1;
  const [index, setIndex] = useState(0);
  const shown = count === 0 ? 0 : Math.min(index, count - 1);
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => slidesToLoad(new Set(), 0, count));
  const go = useCallback((to: number) => setIndex(((to % count) + count) % count), [count]);
  const advance = useCallback(() => setIndex((current) => (current + 1) % Math.max(count, 1)), [count]);
  const autoplay = useAutoplay(advance, { enabled: many, interval, restartKey: shown });
  const { hold } = autoplay;

  // The slides near the shown one start loading as soon as it changes: adjusted while rendering, not in an effect
  // (react.dev 'You might not need an effect'), so no render shows a slide whose image has not been asked for.
  const [loadedFor, setLoadedFor] = useState({ index: shown, count });
  if (loadedFor.index !== shown || loadedFor.count !== count) {
    setLoadedFor({ index: shown, count });
    setLoaded((current) => slidesToLoad(current, shown, count));
  }

  // Touch and pen swipes (a mouse uses the arrows and dots): the track follows the finger, then settles.
  const viewport = useRef<HTMLDivElement>(null);
  const swipe = useRef<{ id: number; x: number; y: number; horizontal: boolean | null } | null>(null);
  const [dragPx, setDragPx] = useState(0);
  const onPointerDown = (event: PointerEvent) => {
    if (!many || event.pointerType === 'mouse') return;
    swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY, horizontal: null };
    hold('drag', true);
    // A swipe may bring in the previous slide: its image starts loading as the finger goes down.
    setLoaded((current) => slidesToLoad(current, shown, count, true));
  };
  const onPointerMove = (event: PointerEvent) => {
    const s = swipe.current;
    if (!s || s.id !== event.pointerId) return;
    const dx = event.clientX - s.x;
    if (s.horizontal === null && Math.hypot(dx, event.clientY - s.y) > 8) s.horizontal = Math.abs(dx) > Math.abs(event.clientY - s.y);
    if (s.horizontal) setDragPx(dx);
  };
  const onPointerEnd = (event: PointerEvent) => {
    const s = swipe.current;
    if (!s || s.id !== event.pointerId) return;
    swipe.current = null;
    hold('drag', false);
    const width = viewport.current?.clientWidth ?? 0;
    const dx = event.clientX - s.x;
    setDragPx(0);
    if (s.horizontal && width > 0 && Math.abs(dx) > width * SWIPE_SHARE) go(shown + (dx < 0 ? 1 : -1));
  };
  const onDotsKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const to = (shown + step + count) % count;
    go(to);
    event.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[to]?.focus();
  };

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

  return (
    // Hover and focus only pause the autoplay (WAI-ARIA carousel pattern); the controls inside are the interactive parts.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      className={classes.carousel}
      data-columns={columns}
      aria-roledescription={t('banner.role')}
      aria-label={t('banner.label')}
      onMouseEnter={() => hold('hover', true)}
      onMouseLeave={() => hold('hover', false)}
      onFocus={() => hold('focus', true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) hold('focus', false);
      }}
      data-playing={autoplay.playing ? '' : undefined}
    >
      <div
        ref={viewport}
        className={classes.viewport}
        aria-live={autoplay.playing ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div
          className={classes.track}
          data-dragging={dragPx !== 0 ? '' : undefined}
          style={{ transform: `translate3d(calc(${-shown * 100}% + ${dragPx}px), 0, 0)` }}
        >
          {banners.map((banner, slide) => {
            const active = slide === shown;
            const label = t('banner.slide', { n: slide + 1, total: count });
            return (
              <div
                key={banner.id}
                className={classes.slide}
                data-active={active ? '' : undefined}
                role="group"
                aria-roledescription={t('banner.slideRole')}
                aria-label={label}
                aria-hidden={!active}
                inert={!active}
                data-testid="banner-slide"
              >
                <Slide banner={banner} label={label} load={loaded.has(slide)} first={slide === 0} />
              </div>
            );
          })}
        </div>
      </div>
      {columns === 1 &&
        ARROWS.map(({ side, step, Icon }) => (
          <ActionIcon
            key={side}
            className={classes.arrow}
            data-side={side}
            variant="white"
            color="dark"
            radius="xl"
            size={36}
            onClick={() => go(shown + step)}
            aria-label={t(`banner.${side}`)}
          >
            <Icon size={20} aria-hidden />
          </ActionIcon>
        ))}
      <div className={classes.dots} role="tablist" aria-label={t('banner.dots')}>
        {banners.map((banner, dot) => (
          <button
            key={banner.id}
            type="button"
            role="tab"
            className={classes.dot}
            aria-selected={dot === shown}
            aria-current={dot === shown ? 'true' : undefined}
            tabIndex={dot === shown ? 0 : -1}
            aria-label={t('banner.goTo', { n: dot + 1 })}
            onClick={() => go(dot)}
            onKeyDown={onDotsKey}
          />
        ))}
      </div>
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
