import {
  CANCELLED_ORDER_STATES,
  CFDI_USE_NAMES,
  CFDI_USES,
  OrderErrorCodes,
  TAX_REGIME_NAMES,
  type OrderInvoicing,
  type PurchaseOrder,
} from '@vitrina/contracts';
import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { isApiError } from '@/api/client';
import { useSession } from '@/lib/session/use-session';
import { useSetInvoicing } from '../api/set-invoicing';
import { useInvoicingT, type InvoicingKey } from '../i18n/texts';
import { cleanRfc, initialValues, regimesFor, validateInvoicing, type InvoicingErrors, type InvoicingValues } from '../lib/invoicing-form';

/** spec 3 §9: toasts stay 5 s, top right. */
const TOAST = { autoClose: 5_000, position: 'top-right' as const };

interface Props {
  order: PurchaseOrder;
  onSaved?: (invoicing: OrderInvoicing) => void;
}

/**
 * The order's invoicing data (spec 3 §3 'Purchase order': invoicing data, tax regime, CFDI use), as a CFDI 4.0
 * receiver needs it: RFC, razón social, régimen fiscal and uso del CFDI from the SAT catalogues (their Spanish names
 * in every language: they are the SAT's), código postal. The customer edits it (not on a cancelled order: it is not
 * invoiced); other viewers read it.
 */
export function InvoicingForm({ order, onSaved }: Props) {
  const { t } = useInvoicingT();
  const { user } = useSession();
  // a cancelled order is not invoiced: nothing to ask the customer for
  if (order.viewer === 'customer' && CANCELLED_ORDER_STATES.includes(order.state)) return null;
  if (order.viewer !== 'customer' || !user) return <InvoicingSummary invoicing={order.invoicing} />;
  return <EditableInvoicing order={order} userId={user.id} t={t} {...(onSaved ? { onSaved } : {})} />;
}

function EditableInvoicing({
  order,
  userId,
  onSaved,
  t,
}: {
  order: PurchaseOrder;
  userId: string;
  onSaved?: (invoicing: OrderInvoicing) => void;
  t: (key: InvoicingKey, values?: Record<string, unknown>) => string;
}) {
  const save = useSetInvoicing(userId, order.id);
  const [values, setValues] = useState<InvoicingValues>(() => initialValues(order.invoicing));
  const [errors, setErrors] = useState<InvoicingErrors>({});
  const set = (key: keyof InvoicingValues, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const error = (key: keyof InvoicingValues) => (errors[key] ? t(errors[key]) : undefined);
  const regimes = regimesFor(values.rfc);

  const submit = async () => {
    const result = validateInvoicing(values);
    setErrors(result.errors);
    if (!result.body) return;
    try {
      const saved = await save.mutateAsync(result.body);
      setValues(initialValues(saved));
      notifications.show({ ...TOAST, color: 'teal', message: t('form.saved') });
      onSaved?.(saved);
    } catch (err) {
      if (isApiError(err) && err.code === OrderErrorCodes.invalidRfc) {
        setErrors({ rfc: 'validation.rfc' });
        return;
      }
      const message =
        isApiError(err) && err.code === OrderErrorCodes.orderNotFound
          ? t('errors.order_not_found')
          : isApiError(err) && err.status === 400
            ? t('errors.invalid', { message: err.message })
            : t('errors.generic');
      notifications.show({ ...TOAST, color: 'red', title: t('errors.title'), message });
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="invoicing-title"
      data-testid="invoicing-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="invoicing-title">
            {t('form.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('form.intro')}
          </Text>
        </div>
        <TextInput
          label={t('form.rfc')}
          description={t('form.rfcHint')}
          value={values.rfc}
          onChange={(event) => set('rfc', event.currentTarget.value.toUpperCase())}
          onBlur={() => set('rfc', cleanRfc(values.rfc))}
          maxLength={16}
          autoComplete="off"
          spellCheck={false}
          error={error('rfc')}
          withAsterisk
          data-testid="invoicing-rfc"
        />
        <TextInput
          label={t('form.name')}
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          maxLength={254}
          autoComplete="organization"
          error={error('name')}
          withAsterisk
          data-testid="invoicing-name"
        />
        <NativeSelect
          label={t('form.regime')}
          value={values.tax_regime}
          onChange={(event) => set('tax_regime', event.currentTarget.value)}
          data={[
            { value: '', label: t('form.regimePlaceholder'), disabled: true },
            ...regimes.map((code) => ({ value: code, label: `${code} - ${TAX_REGIME_NAMES[code]}` })),
          ]}
          error={error('tax_regime')}
          withAsterisk
          data-testid="invoicing-regime"
        />
        <NativeSelect
          label={t('form.cfdiUse')}
          value={values.cfdi_use}
          onChange={(event) => set('cfdi_use', event.currentTarget.value)}
          data={[
            { value: '', label: t('form.cfdiUsePlaceholder'), disabled: true },
            ...CFDI_USES.map((code) => ({ value: code, label: `${code} - ${CFDI_USE_NAMES[code]}` })),
          ]}
          error={error('cfdi_use')}
          withAsterisk
          data-testid="invoicing-cfdi-use"
        />
        <TextInput
          label={t('form.postalCode')}
          description={t('form.postalCodeHint')}
          value={values.postal_code}
          onChange={(event) => set('postal_code', event.currentTarget.value.replace(/\D/g, '').slice(0, 5))}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          error={error('postal_code')}
          withAsterisk
          data-testid="invoicing-postal-code"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="invoicing-save">
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The invoicing data as the order holds it (the seller's view, the print preview). */
export function InvoicingSummary({ invoicing }: { invoicing: OrderInvoicing | null }) {
  const { t } = useInvoicingT();
  if (!invoicing) {
    return (
      <Text size="sm" c="dimmed" data-testid="invoicing-summary">
        {t('view.none')}
      </Text>
    );
  }
  const rows: [InvoicingKey, string][] = [
    ['form.rfc', invoicing.rfc],
    ['form.name', invoicing.name],
    ['form.regime', `${invoicing.tax_regime} - ${TAX_REGIME_NAMES[invoicing.tax_regime]}`],
    ['form.cfdiUse', `${invoicing.cfdi_use} - ${CFDI_USE_NAMES[invoicing.cfdi_use]}`],
    ['form.postalCode', invoicing.postal_code],
  ];
  return (
    <dl data-testid="invoicing-summary" style={{ margin: 0 }}>
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap" align="baseline">
          <Text component="dt" size="sm" fw={600}>
            {t(label)}:
          </Text>
          <Text component="dd" size="sm" m={0}>
            {value}
          </Text>
        </Group>
      ))}
    </dl>
  );
}
