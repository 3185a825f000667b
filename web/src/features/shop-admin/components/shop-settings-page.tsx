import {
  Alert,
  Button,
  Checkbox,
  ColorInput,
  Container,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  NativeSelect,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { FOOTER_STYLES, PACKAGES, SIGNUP_FORMS, StoreErrorCodes, THEMES, type ShopJson } from '@vitrina/contracts';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';
import { isApiError } from '@/api/client';
import type { OwnerRef } from '../api/http';
import { updateShop, useSlugAvailability } from '../api/shop-settings';
import {
  EDITABLE_SECTIONS,
  settingsOf,
  settingsPatch,
  slugNeedsCheck,
  validateSettings,
  type SettingsError,
  type SettingsField,
  type ShopSettingsValues,
} from '../domain/shop-settings';
import { notifyError, notifySuccess } from './notify';

/** spec 1 §9: type-ahead (and the slug check) debounce 400 ms. */
export const SLUG_CHECK_DEBOUNCE_MS = 400;

export interface ShopSettingsPageProps {
  shop: ShopJson;
  owner: OwnerRef;
  /** `?showCustomShopToggle=true` (spec 1 §2): offers the custom-shop switch (theme, carousel, header block). */
  showCustomShopToggle?: boolean;
  /** The shop's address as visitors see it, without the slug ('https://vitrina.mx/tienda/'). */
  shopUrlPrefix: string;
  /** A link back to the shop home, composed by the route. */
  backLink?: ReactNode;
  /** After a save: the shop as the server answered it and as it was before. */
  onSaved: (saved: ShopJson, previous: ShopJson) => void;
}

/**
 * `admin/configuracion` (spec 1 §2 'shop contact and settings', admin only): identity and domain, contact and
 * messaging, appearance, footer, menu sections and SEO, saved with one PATCH of what changed. No breadcrumbs:
 * an admin path is excluded from them (spec 1 §2).
 */
export default function ShopSettingsPage({
  shop,
  owner,
  showCustomShopToggle = false,
  shopUrlPrefix,
  backLink,
  onSaved,
}: ShopSettingsPageProps) {
  const { t, i18n } = useShopAdminTranslation();
  const [baseline, setBaseline] = useState(shop);
  const message = (error: SettingsError) => t(error.key as 'validation.required', { max: error.max });
  // The values, their rules (spec 1 §5) and the server's refusals in one @mantine/form; a field says what is wrong
  // once it was left, or after a save attempt.
  const form = useForm<ShopSettingsValues>({
    initialValues: settingsOf(shop),
    validate: (all) =>
      Object.fromEntries(Object.entries(validateSettings(all)).map(([field, error]) => [field, error ? message(error) : null])),
    validateInputOnBlur: true,
  });
  const values = form.getValues();
  const [submitted, setSubmitted] = useState(false);
  /** A slug the server refused as taken (409 slug_taken), whatever the last check said. */
  const [takenSlug, setTakenSlug] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [customising, setCustomising] = useState(false);

  const [debouncedSlug] = useDebouncedValue(values.slug.trim(), SLUG_CHECK_DEBOUNCE_MS);
  const checkSlug = slugNeedsCheck(baseline, debouncedSlug);
  const availability = useSlugAvailability(debouncedSlug, checkSlug);
  const slug = values.slug.trim();
  const slugSettled = debouncedSlug === slug && checkSlug && availability.isSuccess;
  const slugTaken = (slugSettled && !availability.data.available) || (takenSlug !== null && takenSlug.toLowerCase() === slug.toLowerCase());
  const slugChecking = slugNeedsCheck(baseline, slug) && !slugSettled && !slugTaken;

  const ruleErrors = validateSettings(values);
  const patch = settingsPatch(baseline, values);
  const dirty = Object.keys(patch).length > 0;
  const formRef = useRef<HTMLFormElement>(null);

  /** The message under a field (the form's, or the slug the server or the check says is taken). */
  const errorOf = (field: SettingsField): string | null => {
    const error = form.errors[field];
    if (typeof error === 'string') return error;
    return field === 'slug' && slugTaken ? t('settings.errors.slugTaken') : null;
  };

  // Changing a field clears its error (the server's too); leaving it checks it.
  const set = <K extends SettingsField>(field: K, value: ShopSettingsValues[K]) => form.setFieldValue(field, value as never);
  const touch = (field: SettingsField) => () => void form.validateField(field);

  /** Props shared by the text fields. */
  const text = (
    field: SettingsField,
    label: string,
    extra: { description?: ReactNode; placeholder?: string; type?: string; inputMode?: 'tel' | 'email' | 'url' | 'numeric' } = {},
  ) => ({
    label,
    value: values[field] as string,
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value as never),
    onBlur: touch(field),
    error: errorOf(field),
    'data-testid': `settings-${field}`,
    ...extra,
  });

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    const invalid = form.validate().hasErrors;
    if (invalid || slugTaken) {
      notifyError(t('settings.errors.fix'));
      // The messages render on the next paint; take the owner to the first of them (it may be far up the page).
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    if (!dirty) {
      notifySuccess(t('settings.nothingToSave'));
      return;
    }
    setSaving(true);
    try {
      const saved = await updateShop(owner, patch);
      const previous = baseline;
      setBaseline(saved);
      form.setValues(settingsOf(saved));
      form.clearErrors();
      setSubmitted(false);
      notifySuccess(t('settings.saved'));
      onSaved(saved, previous);
    } catch (error) {
      if (isApiError(error) && error.code === StoreErrorCodes.slugTaken) {
        // spec 1 §8 'Slug check': 'Este dominio no está disponible'.
        setTakenSlug(String(patch.slug ?? slug));
        notifyError(t('settings.errors.slugTaken'), t('common.error'));
      } else {
        if (isApiError(error) && error.fields) {
          const fromServer: Record<string, string> = {};
          for (const field of Object.keys(error.fields)) {
            if (field in values) fromServer[field] = message({ key: 'settings.errors.invalid' });
          }
          form.setErrors(fromServer);
        }
        notifyError(t('common.genericError'), t('common.error'));
      }
    } finally {
      setSaving(false);
    }
  };

  // spec 1 §9: default country Mexico (52) for Spanish, United States (1) otherwise.
  const defaultCountryCode = i18n.language.startsWith('es') ? '52' : '1';
  const isFranchise = baseline.store_type === 'franchise';
  const sections = EDITABLE_SECTIONS.filter((section) => section !== 'retail' || isFranchise);

  const slugStatus = slugChecking ? (
    <Text span size="xs" c="dimmed">
      {t('settings.slugChecking')}
    </Text>
  ) : slugSettled && availability.data.available && !ruleErrors.slug && !errorOf('slug') ? (
    <Text span size="xs" c="teal" data-testid="settings-slug-available">
      <IconCheck size={12} aria-hidden /> {t('settings.slugAvailable')}
    </Text>
  ) : null;

  return (
    <Container size="md" w="100%" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="shop-settings-title">
        <Stack gap="lg">
          {backLink}
          <div>
            <Title order={1} id="shop-settings-title" fz={{ base: 24, sm: 30 }}>
              {t('settings.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('settings.intro')}
            </Text>
          </div>

          <Section title={t('settings.sections.identity')}>
            <TextInput {...text('name', t('settings.fields.name'))} required maxLength={200} />
            <TextInput
              {...text('slug', t('settings.fields.slug'), {
                description: (
                  <>
                    {t('settings.slugHelp', { url: `${shopUrlPrefix}${slug || '…'}` })} {slugStatus}
                  </>
                ),
              })}
              required
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
            />
            <Stack gap="xs">
              <Checkbox
                label={t('settings.fields.hiddenStoreName')}
                checked={values.hidden_store_name}
                onChange={(event) => set('hidden_store_name', event.currentTarget.checked)}
              />
              <Checkbox
                label={t('settings.fields.hiddenSearchBar')}
                checked={values.hidden_search_bar}
                onChange={(event) => set('hidden_search_bar', event.currentTarget.checked)}
              />
              {baseline.root_affinity_store_info && (
                <Checkbox
                  label={t('settings.fields.hiddenAffinityXheader')}
                  checked={values.hidden_affinity_xheader}
                  onChange={(event) => set('hidden_affinity_xheader', event.currentTarget.checked)}
                />
              )}
            </Stack>
          </Section>

          <Section title={t('settings.sections.contact')}>
            <TextInput
              {...text('contact_email', t('settings.fields.contactEmail'), {
                type: 'email',
                inputMode: 'email',
                placeholder: 'hola@mitienda.com',
              })}
            />
            <PhoneFields
              code={
                <TextInput
                  {...text('contact_country_code', t('settings.fields.countryCode'), { inputMode: 'tel', placeholder: defaultCountryCode })}
                />
              }
              phone={<TextInput {...text('contact_phone', t('settings.fields.contactPhone'), { type: 'tel', inputMode: 'tel' })} />}
            />
            <PhoneFields
              code={
                <TextInput
                  {...text('whatsapp_country_code', t('settings.fields.countryCode'), {
                    inputMode: 'tel',
                    placeholder: defaultCountryCode,
                  })}
                />
              }
              phone={
                <TextInput
                  {...text('whatsapp_phone', t('settings.fields.whatsappPhone'), {
                    type: 'tel',
                    inputMode: 'tel',
                    description: t('settings.whatsappHelp'),
                  })}
                />
              }
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...text('live_chat_license', t('settings.fields.liveChatLicense'))} />
              <TextInput
                {...text('users_support_url', t('settings.fields.usersSupportUrl'), {
                  type: 'url',
                  inputMode: 'url',
                  placeholder: 'https://',
                })}
              />
            </SimpleGrid>
          </Section>

          <Section title={t('settings.sections.appearance')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <ColorField
                label={t('settings.fields.color1')}
                value={values.color1}
                onChange={(value) => set('color1', value)}
                onBlur={touch('color1')}
                error={errorOf('color1')}
                testId="settings-color1"
              />
              <ColorField
                label={t('settings.fields.color2')}
                value={values.color2}
                onChange={(value) => set('color2', value)}
                onBlur={touch('color2')}
                error={errorOf('color2')}
                testId="settings-color2"
              />
            </SimpleGrid>
            <Labelled label={t('settings.fields.columns')} id="settings-columns-label">
              <SegmentedControl
                aria-labelledby="settings-columns-label"
                value={String(values.columns)}
                onChange={(value) => set('columns', value === '1' ? 1 : 2)}
                data={[
                  { value: '1', label: t('banners.oneColumn') },
                  { value: '2', label: t('banners.twoColumns') },
                ]}
                data-testid="settings-columns"
              />
            </Labelled>
            <NativeSelect
              label={t('settings.fields.signupPlan')}
              description={t('settings.signupPlanHelp')}
              value={values.signup_plan}
              onChange={(event) => set('signup_plan', event.currentTarget.value)}
              data={[{ value: '', label: t('settings.noSignupPlan') }, ...PACKAGES.map((p) => ({ value: p.id, label: p.name }))]}
              data-testid="settings-signup_plan"
            />
            <Labelled label={t('settings.fields.signupForm')} id="settings-signup-label">
              <SegmentedControl
                aria-labelledby="settings-signup-label"
                value={values.signup_form}
                onChange={(value) => set('signup_form', value)}
                data={SIGNUP_FORMS.map((value) => ({ value, label: t(`settings.signupForms.${value}`) }))}
              />
            </Labelled>
            <Stack gap="xs">
              <Switch
                label={t('settings.fields.darkmode')}
                checked={values.darkmode}
                onChange={(event) => set('darkmode', event.currentTarget.checked)}
                data-testid="settings-darkmode"
              />
              <Switch
                label={t('settings.fields.hiddenDarkmode')}
                checked={values.hidden_darkmode}
                disabled={!values.darkmode}
                onChange={(event) => set('hidden_darkmode', event.currentTarget.checked)}
              />
            </Stack>
          </Section>

          <Section title={t('settings.sections.footer')}>
            <Labelled label={t('settings.fields.footerStyle')} id="settings-footer-style-label">
              <SegmentedControl
                aria-labelledby="settings-footer-style-label"
                value={values.footer_style}
                onChange={(value) => set('footer_style', value)}
                data={FOOTER_STYLES.map((value) => ({ value, label: t(`settings.footerStyles.${value}`) }))}
              />
            </Labelled>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <ColorField
                label={t('settings.fields.footerBg')}
                value={values.footer_bg}
                onChange={(value) => set('footer_bg', value)}
                onBlur={touch('footer_bg')}
                error={errorOf('footer_bg')}
                testId="settings-footer_bg"
              />
              <ColorField
                label={t('settings.fields.footerFg')}
                value={values.footer_fg}
                onChange={(value) => set('footer_fg', value)}
                onBlur={touch('footer_fg')}
                error={errorOf('footer_fg')}
                testId="settings-footer_fg"
              />
            </SimpleGrid>
          </Section>

          <Section title={t('settings.sections.menu')}>
            <Checkbox.Group
              value={values.sections_info}
              onChange={(value) => set('sections_info', value)}
              label={t('settings.fields.sections')}
              description={t('settings.cataloguesNote')}
            >
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} mt="xs">
                {sections.map((section) => (
                  <Checkbox key={section} value={section} label={t(`settings.sectionLabels.${section}`)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          </Section>

          <Section title={t('settings.sections.seo')}>
            <Textarea
              {...text('seo_description', t('settings.fields.seoDescription'), {
                description: t('settings.seoDescriptionHelp', { name: values.name.trim() || baseline.name }),
              })}
              autosize
              minRows={2}
              maxRows={6}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...text('favicon', t('settings.fields.favicon'), { type: 'url', inputMode: 'url', placeholder: 'https://' })} />
              <TextInput {...text('fb_pixel', t('settings.fields.fbPixel'), { inputMode: 'numeric' })} />
            </SimpleGrid>
          </Section>

          {showCustomShopToggle && (
            <Section title={t('settings.sections.custom')}>
              <Switch
                label={t('settings.fields.customShop')}
                checked={customising}
                onChange={(event) => setCustomising(event.currentTarget.checked)}
                data-testid="settings-custom-toggle"
              />
              {customising && (
                <Stack gap="sm">
                  <Labelled label={t('settings.fields.theme')} id="settings-theme-label">
                    <SegmentedControl
                      aria-labelledby="settings-theme-label"
                      value={values.theme}
                      onChange={(value) => set('theme', value)}
                      data={THEMES.map((value) => ({ value, label: t('settings.themeName', { theme: value }) }))}
                    />
                  </Labelled>
                  <Switch
                    label={t('settings.fields.slider')}
                    checked={values.slider}
                    onChange={(event) => set('slider', event.currentTarget.checked)}
                  />
                  <Switch
                    label={t('settings.fields.header')}
                    checked={values.header}
                    onChange={(event) => set('header', event.currentTarget.checked)}
                  />
                  <TextInput {...text('adornment_type', t('settings.fields.adornmentType'))} />
                </Stack>
              )}
            </Section>
          )}

          {submitted && (Object.keys(form.errors).length > 0 || slugTaken) && (
            <Alert color="red" role="alert" data-testid="settings-errors">
              {t('settings.errors.fix')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={!dirty || saving}
              onClick={() => {
                form.setValues(settingsOf(baseline));
                form.clearErrors();
                setSubmitted(false);
              }}
            >
              {t('settings.discard')}
            </Button>
            <Button type="submit" loading={saving} data-testid="settings-save">
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Labelled({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function PhoneFields({ code, phone }: { code: ReactNode; phone: ReactNode }) {
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <div style={{ width: 110, flex: 'none' }}>{code}</div>
      <div style={{ flex: 1, minWidth: 0 }}>{phone}</div>
    </Group>
  );
}

function ColorField({
  label,
  value,
  onChange,
  onBlur,
  error,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | null;
  testId: string;
}) {
  return (
    <ColorInput
      label={label}
      format="hex"
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      placeholder="#ffffff"
      data-testid={testId}
    />
  );
}
