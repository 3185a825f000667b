import { Alert, Avatar, Button, FileInput, Group, Loader, Radio, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { GalleryLimits, type SlugUnavailableReason } from '@vitrina/contracts';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { uploadImage } from '@/api/gallery-upload';
import { readCookie } from '@/lib/cookies';
import { authModal } from '@/lib/auth-modal-store';
import { useCreateShop, type CreatedShop } from '../api/create-shop';
import { useSlugAvailability } from '../api/slug-availability';
import { createFailureOf, type CreateFailure } from '../domain/create-errors';
import { nameProblem, SHOP_NAME_MAX, SHOP_SLUG_MAX, SHOP_SLUG_MIN, shopAddress, slugProblem, suggestSlug } from '../domain/shop-slug';
import { DEFAULT_SHOP_TYPE, NEW_SHOP_TYPES, type NewShopType } from '../domain/store-types';
import { useCreateShopT } from '../i18n/texts';

/** Issue 16: the live slug check waits for the user to stop typing for 300 ms. */
export const SLUG_CHECK_DEBOUNCE_MS = 300;

export interface CreateShopFormProps {
  /** The site's origin, for the shop's future address (`{origin}/tienda/{slug}`). */
  origin: string;
  /** The store types offered (a supplier also gets 'franchise'); default the ones anyone may open. */
  types?: readonly NewShopType[];
  /** The user's own shop, when known (the link of 'Ya tienes una tienda' after a 409 shop_already_owned). */
  myShopHref?: string | null;
  /** 201: the shop exists. */
  onCreated: (shop: CreatedShop) => void;
  /** 409 shop_already_owned: the page reads the user's profile again (it then shows their shop). */
  onAlreadyOwned?: () => void;
  /** The signed-in user: the logo goes to their gallery before the shop is created with it. */
  ownerId?: string | null;
}

type SlugStatus =
  | { kind: 'problem'; problem: NonNullable<ReturnType<typeof slugProblem>> }
  | { kind: 'unavailable'; reason: SlugUnavailableReason }
  | { kind: 'checking' }
  | { kind: 'available' }
  | { kind: 'checkFailed' };

/**
 * The creation form of `/asistentes/emprendedores` (issue 16): name, slug (suggested from the name until the user
 * writes their own, checked live, spec 1 §8 'Slug check'), store type; 'Crear mi tienda' only while all of it holds.
 */
export function CreateShopForm({
  origin,
  types = NEW_SHOP_TYPES,
  myShopHref,
  onCreated,
  onAlreadyOwned,
  ownerId = null,
}: CreateShopFormProps) {
  const { t } = useCreateShopT();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  /** The user wrote the slug themselves: the name no longer suggests it. */
  const [slugOwn, setSlugOwn] = useState(false);
  const [storeType, setStoreType] = useState<NewShopType>(DEFAULT_SHOP_TYPE);
  const [touched, setTouched] = useState({ name: false, slug: false });
  /** A slug the server refused on creation (409), whatever the last check said. */
  const [refused, setRefused] = useState<{ slug: string; reason: SlugUnavailableReason } | null>(null);
  const [failure, setFailure] = useState<CreateFailure | null>(null);
  /** The logo chosen (optional), uploaded to the user's gallery when the shop is created. */
  const [logo, setLogo] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const create = useCreateShop();
  const slugRef = useRef<HTMLInputElement>(null);

  // After a 409 on the slug, the user is taken to it (once the fields are enabled again).
  useEffect(() => {
    if (refused) slugRef.current?.focus();
  }, [refused]);

  const [debouncedSlug] = useDebouncedValue(slug, SLUG_CHECK_DEBOUNCE_MS);
  const availability = useSlugAvailability(debouncedSlug, slugProblem(debouncedSlug) === null);

  const problemOfSlug = slugProblem(slug);
  const slugStatus: SlugStatus = (() => {
    if (problemOfSlug) return { kind: 'problem', problem: problemOfSlug };
    if (refused && refused.slug.toLowerCase() === slug.toLowerCase()) return { kind: 'unavailable', reason: refused.reason };
    if (debouncedSlug !== slug || availability.isPending) return { kind: 'checking' };
    if (availability.isError) return { kind: 'checkFailed' };
    if (availability.data.available) return { kind: 'available' };
    return { kind: 'unavailable', reason: availability.data.reason === 'reserved' ? 'reserved' : 'taken' };
  })();

  const problemOfName = nameProblem(name);
  const nameError = touched.name && problemOfName ? t(`name.${problemOfName}`, { max: SHOP_NAME_MAX }) : null;
  // Malformed slugs are explained at once (before any request); an empty one once the user left the field.
  const slugError =
    slugStatus.kind === 'problem'
      ? slugStatus.problem !== 'required' || touched.slug
        ? t(`slug.${slugStatus.problem}`, { min: SHOP_SLUG_MIN, max: SHOP_SLUG_MAX })
        : null
      : slugStatus.kind === 'unavailable'
        ? t(`slug.${slugStatus.reason}`)
        : null;

  const creating = create.isPending || uploading;
  const logoError = logo && !logoFits(logo) ? t('logo.invalid', { mb: Math.round(GalleryLimits.maxBytes / 1_000_000) }) : null;
  const canSubmit = !problemOfName && !logoError && (slugStatus.kind === 'available' || slugStatus.kind === 'checkFailed') && !creating;

  const changeName = (value: string) => {
    setName(value);
    if (!slugOwn) setSlug(suggestSlug(value));
  };
  const changeSlug = (value: string) => {
    setSlug(value);
    // Clearing the slug hands it back to the name's suggestion.
    setSlugOwn(value !== '');
  };

  const logoPreview = useObjectUrl(logo);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setTouched({ name: true, slug: true });
    if (!canSubmit) return;
    setFailure(null);
    let photo: string | null = null;
    if (logo && ownerId) {
      setUploading(true);
      try {
        photo = (await uploadImage({ ownerId }, logo)).url;
      } catch {
        setFailure('logo');
        return;
      } finally {
        setUploading(false);
      }
    }
    try {
      // spec 1 §3 'root_affinity_store_info': an affinity shop hangs from its referrer's (the referral cookie)
      const referral = storeType === 'affinity' ? readCookie('referralID') : null;
      const shop = await create.mutateAsync({
        name: name.trim(),
        slug,
        store_type: storeType,
        ...(photo ? { photo } : {}),
        ...(referral ? { referral: referral.slice(0, 100) } : {}),
      });
      onCreated(shop);
    } catch (error) {
      const kind = createFailureOf(error);
      setFailure(kind);
      if (kind === 'slugTaken' || kind === 'slugReserved') {
        setRefused({ slug, reason: kind === 'slugTaken' ? 'taken' : 'reserved' });
      }
      if (kind === 'alreadyOwned') onAlreadyOwned?.();
    }
  };

  const statusLine =
    slugStatus.kind === 'checking' ? (
      <Group gap={6} wrap="nowrap" data-testid="create-shop-slug-checking">
        <Loader size={12} aria-hidden />
        <Text span size="xs" c="dimmed">
          {t('slug.checking')}
        </Text>
      </Group>
    ) : slugStatus.kind === 'available' ? (
      <Text span size="xs" c="teal.8" fw={600} data-testid="create-shop-slug-available">
        <IconCheck size={12} aria-hidden /> {t('slug.available')}
      </Text>
    ) : slugStatus.kind === 'checkFailed' ? (
      <Text span size="xs" c="dimmed">
        {t('slug.checkFailed')}
      </Text>
    ) : slugError ? (
      // Shown as the field's error; said again here for screen readers, which hear this line as it changes.
      <VisuallyHidden>{slugError}</VisuallyHidden>
    ) : null;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="create-shop-form-title" data-testid="create-shop-form">
      <Stack gap="md">
        <Text component="h2" id="create-shop-form-title" fw={700} fz="lg">
          {t('form.title')}
        </Text>
        <TextInput
          label={t('form.name')}
          placeholder={t('form.namePlaceholder')}
          value={name}
          onChange={(event) => changeName(event.currentTarget.value)}
          onBlur={() => setTouched((was) => ({ ...was, name: true }))}
          error={nameError}
          required
          maxLength={SHOP_NAME_MAX}
          disabled={creating}
          autoComplete="organization"
          data-testid="create-shop-name"
        />
        <div>
          <TextInput
            ref={slugRef}
            label={t('form.slug')}
            placeholder={t('form.slugPlaceholder')}
            description={t('form.address', { address: shopAddress(origin, slug || '…') })}
            value={slug}
            onChange={(event) => changeSlug(event.currentTarget.value)}
            onBlur={() => setTouched((was) => ({ ...was, slug: true }))}
            error={slugError}
            required
            disabled={creating}
            autoCapitalize="off"
            autoCorrect="off"
            autoComplete="off"
            spellCheck={false}
            data-testid="create-shop-slug"
            styles={{ description: { wordBreak: 'break-all' } }}
          />
          <div role="status" aria-live="polite" style={{ marginTop: 4, minHeight: 18 }}>
            {statusLine}
          </div>
        </div>
        <Group gap="sm" wrap="nowrap" align="flex-end">
          <Avatar src={logoPreview} alt="" size={48} radius="md" />
          <FileInput
            label={t('logo.label')}
            description={t('logo.hint')}
            placeholder={t('logo.placeholder')}
            accept="image/png,image/jpeg,image/svg+xml"
            value={logo}
            onChange={setLogo}
            clearable
            error={logoError}
            disabled={creating || !ownerId}
            style={{ flex: 1 }}
            data-testid="create-shop-logo"
          />
        </Group>
        <Radio.Group label={t('form.type')} value={storeType} onChange={setStoreType} required>
          <Stack gap="sm" mt="xs">
            {types.map((type) => (
              <Radio
                key={type}
                value={type}
                label={t(`types.${type}.label`)}
                description={t(`types.${type}.text`)}
                disabled={creating}
                data-testid={`create-shop-type-${type}`}
              />
            ))}
          </Stack>
        </Radio.Group>

        {failure && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} aria-hidden />}
            title={t('errors.title')}
            role="alert"
            data-testid="create-shop-error"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t(`errors.${failure}`)}</Text>
              {failure === 'generic' && (
                <Button size="xs" variant="light" color="red" onClick={() => void submit()} disabled={!canSubmit}>
                  {t('errors.retry')}
                </Button>
              )}
              {failure === 'signedOut' && (
                <Button size="xs" variant="light" color="red" onClick={() => authModal.open('login')} onFocus={authModal.prefetch}>
                  {t('errors.login')}
                </Button>
              )}
              {failure === 'alreadyOwned' && myShopHref && (
                <Button size="xs" variant="light" component="a" href={myShopHref}>
                  {t('owner.go')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}

        <Button type="submit" size="md" disabled={!canSubmit && !creating} loading={creating} data-testid="create-shop-submit">
          {t('form.submit')}
        </Button>
        {creating && (
          <VisuallyHidden role="status" aria-live="polite">
            {t('form.submitting')}
          </VisuallyHidden>
        )}
      </Stack>
    </form>
  );
}

/** A logo the gallery takes: JPEG, PNG or SVG of at most GalleryLimits.maxBytes (spec 1 §5 'Upload'). */
function logoFits(file: File): boolean {
  return file.size <= GalleryLimits.maxBytes && ['image/png', 'image/jpeg', 'image/svg+xml'].includes(file.type);
}

/** A preview URL of the chosen file, revoked when it changes or the form goes. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
