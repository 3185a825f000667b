import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { DeliveryLimits, PAYMENT_TYPES, type PaymentType, type SupplierSettings } from '@vitrina/contracts';
import { useState, type FormEvent } from 'react';
import { isApiError, NETWORK_ERROR_CODE } from '@/api/client';
import { ErrorState } from '@/components/error-state';
import { useSession } from '@/lib/session/use-session';
import { useSaveSupplierSettings, useSupplierSettings } from '../api/supplier-settings';
import {
  emptyBranch,
  emptyZone,
  settingsBody,
  STATE_OPTIONS,
  validateSettings,
  valuesFromSettings,
  wouldBeConfigured,
  type BranchValues,
  type SettingsErrors,
  type SettingsValues,
  type ZoneValues,
} from '../lib/settings-form';
import { useSettingsT, type SettingsT } from '../i18n/texts';

/** `/proveedor/envios-y-pagos`: the signed-in supplier's payment types and delivery (issue 11). */
export function SupplierSettingsPage() {
  const { t } = useSettingsT();
  const session = useSession();
  const userId = session.user?.id ?? '';
  const query = useSupplierSettings(userId);

  return (
    <Stack gap="lg" data-testid="supplier-settings-page">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </Stack>
      {query.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label={t('loading')}>
          <Skeleton h={40} />
          <Skeleton h={140} />
          <Skeleton h={140} />
        </Stack>
      ) : query.isError ? (
        <ErrorState title={t('loadErrorTitle')} onRetry={() => void query.refetch()} />
      ) : (
        <SettingsForm key={query.dataUpdatedAt} settings={query.data} userId={userId} t={t} />
      )}
    </Stack>
  );
}

function ConfiguredBadge({ configured, t }: { configured: boolean; t: SettingsT }) {
  return configured ? (
    <Alert color="teal" icon={<IconCircleCheck size={20} aria-hidden />} data-testid="settings-configured">
      {t('configured')}
    </Alert>
  ) : (
    <Alert color="orange" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="settings-not-configured">
      {t('notConfigured')}
    </Alert>
  );
}

interface FormProps {
  settings: SupplierSettings;
  userId: string;
  t: SettingsT;
}

export function SettingsForm({ settings, userId, t }: FormProps) {
  const [values, setValues] = useState<SettingsValues>(() => valuesFromSettings(settings));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveSupplierSettings(userId);

  const update = (patch: Partial<SettingsValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (submitted) setErrors(validateSettings(next));
  };
  const error = (path: string) => (errors[path] ? t(`errors.${errors[path]}`) : null);
  const updateZone = (index: number, patch: Partial<ZoneValues>) =>
    update({ rate_zones: values.rate_zones.map((zone, i) => (i === index ? { ...zone, ...patch } : zone)) });
  const updateBranch = (index: number, patch: Partial<BranchValues>) =>
    update({ branches: values.branches.map((branch, i) => (i === index ? { ...branch, ...patch } : branch)) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateSettings(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(settingsBody(values), {
      onSuccess: () => notifications.show({ color: 'teal', message: t('saved'), autoClose: 5000 }),
    });
  };

  let saveError: string | null = null;
  if (save.isError) {
    const e = save.error;
    if (isApiError(e) && e.code === NETWORK_ERROR_CODE) saveError = t('errors.network');
    else if (isApiError(e) && (e.status === 401 || e.status === 403)) saveError = t('errors.forbidden');
    else if (isApiError(e) && e.status === 400) saveError = t('errors.invalid');
    else saveError = t('errors.generic');
  }

  const toggleType = (type: PaymentType, on: boolean) =>
    update({
      enabled_payment_types: on ? [...values.enabled_payment_types, type] : values.enabled_payment_types.filter((x) => x !== type),
    });

  return (
    <form onSubmit={submit} noValidate data-testid="supplier-settings-form">
      <Stack gap="lg">
        <ConfiguredBadge configured={save.data?.is_configured ?? (submitted ? wouldBeConfigured(values) : settings.is_configured)} t={t} />

        <Card withBorder padding="md" radius="md" component="section">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('payments.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('payments.hint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {PAYMENT_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  label={t(`payments.types.${type}`)}
                  checked={values.enabled_payment_types.includes(type)}
                  onChange={(event) => toggleType(type, event.currentTarget.checked)}
                  data-testid={`settings-payment-${type}`}
                />
              ))}
            </SimpleGrid>
            {error('enabled_payment_types') && (
              <Text c="red" size="sm" role="alert" data-testid="settings-payment-error">
                {error('enabled_payment_types')}
              </Text>
            )}
          </Stack>
        </Card>

        <Card withBorder padding="md" radius="md" component="section">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('fixed.title')}
            </Title>
            <Switch
              label={t('fixed.enabled')}
              checked={values.fixed_enabled}
              onChange={(event) => update({ fixed_enabled: event.currentTarget.checked })}
              data-testid="settings-fixed-enabled"
            />
            {values.fixed_enabled && (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label={t('fixed.cost')}
                    inputMode="decimal"
                    leftSection="$"
                    value={values.fixed_shipping_cost}
                    onChange={(event) => update({ fixed_shipping_cost: event.currentTarget.value })}
                    error={error('fixed_shipping_cost')}
                    data-testid="settings-fixed-cost"
                  />
                  <TextInput
                    label={t('fixed.days')}
                    inputMode="numeric"
                    value={values.fixed_shipping_days}
                    onChange={(event) => update({ fixed_shipping_days: event.currentTarget.value })}
                    error={error('fixed_shipping_days')}
                    data-testid="settings-fixed-days"
                  />
                </SimpleGrid>
                <Switch
                  label={t('fixed.scheduled')}
                  description={t('fixed.scheduledHint')}
                  checked={values.scheduled_delivery}
                  onChange={(event) => update({ scheduled_delivery: event.currentTarget.checked })}
                  data-testid="settings-scheduled"
                />
              </>
            )}
          </Stack>
        </Card>

        <Card withBorder padding="md" radius="md" component="section">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('zones.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('zones.hint')}
            </Text>
            {values.rate_zones.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('zones.empty')}
              </Text>
            )}
            {values.rate_zones.map((zone, index) => (
              <Card key={zone.key} withBorder padding="sm" radius="sm" data-testid="settings-zone">
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Text fw={600} size="sm">
                      {t('zones.zone', { n: index + 1 })}
                    </Text>
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      aria-label={t('zones.remove', { n: index + 1 })}
                      onClick={() => update({ rate_zones: values.rate_zones.filter((_, i) => i !== index) })}
                    >
                      <IconTrash size={16} aria-hidden />
                    </Button>
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <TextInput
                      label={t('zones.name')}
                      value={zone.name}
                      onChange={(event) => updateZone(index, { name: event.currentTarget.value })}
                      error={error(`rate_zones.${index}.name`)}
                      maxLength={DeliveryLimits.nameMax}
                      data-testid={`zone-name-${index}`}
                    />
                    <TextInput
                      label={t('zones.carrier')}
                      placeholder={t('zones.carrierPlaceholder')}
                      value={zone.carrier}
                      onChange={(event) => updateZone(index, { carrier: event.currentTarget.value })}
                      error={error(`rate_zones.${index}.carrier`)}
                      maxLength={DeliveryLimits.nameMax}
                      data-testid={`zone-carrier-${index}`}
                    />
                  </SimpleGrid>
                  <MultiSelect
                    label={t('zones.states')}
                    placeholder={zone.states.length === 0 ? t('zones.statesPlaceholder') : undefined}
                    data={STATE_OPTIONS}
                    value={zone.states}
                    onChange={(states) => updateZone(index, { states })}
                    error={error(`rate_zones.${index}.states`)}
                    searchable
                    comboboxProps={{ withinPortal: true }}
                    data-testid={`zone-states-${index}`}
                  />
                  <TextInput
                    label={t('zones.prefixes')}
                    description={t('zones.prefixesHint')}
                    inputMode="numeric"
                    value={zone.postal_prefixes}
                    onChange={(event) => updateZone(index, { postal_prefixes: event.currentTarget.value })}
                    error={error(`rate_zones.${index}.postal_prefixes`)}
                    data-testid={`zone-prefixes-${index}`}
                  />
                  <SimpleGrid cols={2} spacing="sm">
                    <TextInput
                      label={t('zones.price')}
                      inputMode="decimal"
                      leftSection="$"
                      value={zone.price}
                      onChange={(event) => updateZone(index, { price: event.currentTarget.value })}
                      error={error(`rate_zones.${index}.price`)}
                      data-testid={`zone-price-${index}`}
                    />
                    <TextInput
                      label={t('zones.days')}
                      inputMode="numeric"
                      value={zone.days}
                      onChange={(event) => updateZone(index, { days: event.currentTarget.value })}
                      error={error(`rate_zones.${index}.days`)}
                      data-testid={`zone-days-${index}`}
                    />
                  </SimpleGrid>
                </Stack>
              </Card>
            ))}
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => update({ rate_zones: [...values.rate_zones, emptyZone()] })}
              disabled={values.rate_zones.length >= DeliveryLimits.rateZonesMax}
              w="fit-content"
              data-testid="settings-zone-add"
            >
              {t('zones.add')}
            </Button>
          </Stack>
        </Card>

        <Card withBorder padding="md" radius="md" component="section">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('branches.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('branches.hint')}
            </Text>
            {values.branches.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('branches.empty')}
              </Text>
            )}
            {values.branches.map((branch, index) => (
              <Card key={branch.key} withBorder padding="sm" radius="sm" data-testid="settings-branch">
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Text fw={600} size="sm">
                      {t('branches.branch', { n: index + 1 })}
                    </Text>
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      aria-label={t('branches.remove', { n: index + 1 })}
                      onClick={() => update({ branches: values.branches.filter((_, i) => i !== index) })}
                    >
                      <IconTrash size={16} aria-hidden />
                    </Button>
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <TextInput
                      label={t('branches.name')}
                      value={branch.name}
                      onChange={(event) => updateBranch(index, { name: event.currentTarget.value })}
                      error={error(`branches.${index}.name`)}
                      maxLength={DeliveryLimits.nameMax}
                      data-testid={`branch-name-${index}`}
                    />
                    <TextInput
                      label={t('branches.phone')}
                      type="tel"
                      inputMode="tel"
                      value={branch.phone}
                      onChange={(event) => updateBranch(index, { phone: event.currentTarget.value })}
                      error={error(`branches.${index}.phone`)}
                      maxLength={20}
                      data-testid={`branch-phone-${index}`}
                    />
                  </SimpleGrid>
                  <TextInput
                    label={t('branches.address')}
                    value={branch.address}
                    onChange={(event) => updateBranch(index, { address: event.currentTarget.value })}
                    error={error(`branches.${index}.address`)}
                    maxLength={DeliveryLimits.textMax}
                    data-testid={`branch-address-${index}`}
                  />
                  <SimpleGrid cols={2} spacing="sm">
                    <Select
                      label={t('branches.state')}
                      placeholder={t('branches.statePlaceholder')}
                      data={STATE_OPTIONS}
                      value={branch.state || null}
                      onChange={(state) => updateBranch(index, { state: state ?? '' })}
                      error={error(`branches.${index}.state`)}
                      searchable
                      comboboxProps={{ withinPortal: true }}
                      data-testid={`branch-state-${index}`}
                    />
                    <TextInput
                      label={t('branches.postalCode')}
                      inputMode="numeric"
                      value={branch.postal_code}
                      onChange={(event) => updateBranch(index, { postal_code: event.currentTarget.value })}
                      error={error(`branches.${index}.postal_code`)}
                      maxLength={5}
                      data-testid={`branch-postal-${index}`}
                    />
                  </SimpleGrid>
                </Stack>
              </Card>
            ))}
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => update({ branches: [...values.branches, emptyBranch()] })}
              disabled={values.branches.length >= DeliveryLimits.branchesMax}
              w="fit-content"
              data-testid="settings-branch-add"
            >
              {t('branches.add')}
            </Button>
          </Stack>
        </Card>

        {Object.keys(errors).length > 0 && (
          <Text c="red" size="sm" role="alert" data-testid="settings-form-errors">
            {t('fixErrors')}
          </Text>
        )}
        {saveError && (
          <Alert color="red" title={t('errors.title')} data-testid="settings-save-error">
            {saveError}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="settings-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
