import type { PaymentPage, SavedCard } from '@vitrina/contracts';
import { SANDBOX_TEST_CARDS } from '@vitrina/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  Collapse,
  Group,
  List,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconFlask, IconLock, IconTrash } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { formatMoney } from '@/lib/money';
import { useDeleteSavedCard } from '../api/delete-saved-card';
import { formatCardNumber, formatExpiryInput, normalizeCardNumber, normalizeCvv } from '../lib/card';
import {
  EMPTY_CARD,
  emptyBilling,
  toBillingDetails,
  toCardInput,
  validateCard,
  type BillingValues,
  type CardErrors,
  type CardFormValues,
} from '../lib/card-form';
import type { PaymentsKey, PaymentsT } from '../i18n/texts';
import { InstalmentOptions } from './instalment-options';
import classes from './payments.module.css';
import type { PayRequest } from './use-pay';

const NEW_CARD = 'new';
const BILLING_COUNTRIES = ['MX', 'US', 'AR', 'CO', 'CL', 'PE', 'ES'] as const;
const TEST_CARD_LABELS: Record<keyof typeof SANDBOX_TEST_CARDS, PaymentsKey> = {
  approved: 'card.testCard.approved',
  insufficientFunds: 'card.testCard.insufficientFunds',
  doNotHonor: 'card.testCard.doNotHonor',
  expiredCard: 'card.testCard.expiredCard',
  requires3ds: 'card.testCard.requires3ds',
  debit: 'card.testCard.debit',
};

interface Props {
  page: PaymentPage;
  paying: boolean;
  onPay: (request: PayRequest) => void;
  language: string;
  t: PaymentsT;
  now?: () => number;
}

function savedLabel(card: SavedCard, t: PaymentsT): string {
  return t('card.savedItem', { brand: card.brand, last4: card.termination });
}

/**
 * spec 3 §3 'Card fields' and §5: saved cards to pick or a new card (holder, number without spaces cut at 19 and
 * shown in groups, MM/YY split on the slash, cvv), 'Guardar tarjeta', the billing variant behind 'Datos de
 * facturación', and the MSI choice with its financing cost. The sandbox lists its test cards.
 */
export function CardPayment({ page, paying, onPay, language, t, now = Date.now }: Props) {
  const [source, setSource] = useState<string>(page.saved_cards[0]?.id ?? NEW_CARD);
  const [values, setValues] = useState<CardFormValues>(EMPTY_CARD);
  const [billingOpen, setBillingOpen] = useState(false);
  const [billing, setBilling] = useState<BillingValues>(() => emptyBilling());
  const [saveCard, setSaveCard] = useState(false);
  const [msi, setMsi] = useState<number | null>(null);
  const [errors, setErrors] = useState<CardErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const deleteCard = useDeleteSavedCard();
  const billingId = useId();

  const saved = page.saved_cards.find((card) => card.id === source) ?? null;
  const usingNew = saved === null;
  // A saved debit card cannot pay in months (spec 3 §5 'Instalments are refused if the card does not accept them').
  const msiBlocked = saved !== null && !saved.accepts_instalments;
  const chosenMsi = msiBlocked ? null : msi;
  const option = page.msi_options.find((o) => o.months === chosenMsi) ?? null;
  const totalMinor = option?.total_minor ?? page.amount_minor;

  const revalidate = (nextValues: CardFormValues, nextBilling: BillingValues, open: boolean) => {
    if (submitted) setErrors(validateCard(nextValues, open ? nextBilling : null, new Date(now())));
  };
  const setField = (field: keyof CardFormValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    revalidate(next, billing, billingOpen);
  };
  const setBillingField = (field: keyof BillingValues, value: string) => {
    const next = { ...billing, [field]: value };
    setBilling(next);
    revalidate(values, next, billingOpen);
  };
  const error = (field: keyof CardErrors) => {
    const key = errors[field];
    return key ? t(key, { max: 100 }) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (paying) return;
    const billingDetails = usingNew && billingOpen ? billing : null;
    if (usingNew) {
      setSubmitted(true);
      const found = validateCard(values, billingDetails, new Date(now()));
      setErrors(found);
      if (Object.keys(found).length > 0) return;
    }
    onPay({
      method: 'card',
      source: saved ? { kind: 'saved', id: saved.id } : { kind: 'new', input: toCardInput(values) },
      msi: chosenMsi,
      saveCard: usingNew && saveCard,
      billing: billingDetails ? toBillingDetails(billingDetails) : null,
    });
  };

  const removeCard = (card: SavedCard) => {
    deleteCard.mutate(card.id, {
      onSuccess: () => {
        if (source === card.id) setSource(NEW_CARD);
        notifications.show({ color: 'teal', message: t('card.removed'), autoClose: 5_000 });
      },
      onError: () => notifications.show({ color: 'red', message: t('card.removeFailed'), autoClose: 5_000 }),
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="card-form" aria-busy={paying}>
      <Stack gap="md">
        {page.saved_cards.length > 0 && (
          <Radio.Group value={source} onChange={setSource} label={t('card.savedLabel')} data-testid="saved-cards">
            <Stack gap={6} mt="xs">
              {page.saved_cards.map((card) => (
                <Group key={card.id} gap="xs" wrap="nowrap" align="stretch">
                  <Radio.Card value={card.id} radius="md" className={classes.optionCard} data-testid="saved-card" style={{ flex: 1 }}>
                    <Group wrap="nowrap" gap="sm">
                      <Radio.Indicator />
                      <Stack gap={0}>
                        <Text size="sm" fw={600}>
                          {savedLabel(card, t)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {[t(card.type === 'credit' ? 'card.credit' : 'card.debit'), card.bank, t('card.expires', { expiry: card.expiry })]
                            .filter(Boolean)
                            .join(' · ')}
                        </Text>
                      </Stack>
                    </Group>
                  </Radio.Card>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    style={{ alignSelf: 'center' }}
                    aria-label={t('card.remove', { card: savedLabel(card, t) })}
                    loading={deleteCard.isPending && deleteCard.variables === card.id}
                    onClick={() => removeCard(card)}
                    data-testid="saved-card-remove"
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
              <Radio.Card value={NEW_CARD} radius="md" className={classes.optionCard} data-testid="saved-card-new">
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator />
                  <Text size="sm">{t('card.newCard')}</Text>
                </Group>
              </Radio.Card>
            </Stack>
          </Radio.Group>
        )}

        {usingNew && (
          <Stack gap="sm" data-testid="new-card">
            <TextInput
              label={t('card.holder')}
              placeholder={t('card.holderPlaceholder')}
              autoComplete="cc-name"
              value={values.holder_name}
              onChange={(e) => setField('holder_name', e.currentTarget.value)}
              error={error('holder_name')}
              maxLength={100}
              required
              data-testid="card-holder"
            />
            <TextInput
              label={t('card.number')}
              autoComplete="cc-number"
              inputMode="numeric"
              value={formatCardNumber(values.card_number)}
              onChange={(e) => setField('card_number', normalizeCardNumber(e.currentTarget.value))}
              error={error('card_number')}
              required
              classNames={{ input: classes.mono }}
              data-testid="card-number"
            />
            <SimpleGrid cols={2} spacing="sm">
              <TextInput
                label={t('card.expiry')}
                placeholder="MM/AA"
                autoComplete="cc-exp"
                inputMode="numeric"
                value={values.expiry}
                onChange={(e) => {
                  const typed = e.currentTarget.value;
                  // Deleting the slash deletes it; typing formats.
                  setField('expiry', typed.length < values.expiry.length ? typed : formatExpiryInput(typed));
                }}
                error={error('expiry')}
                maxLength={5}
                required
                data-testid="card-expiry"
              />
              <TextInput
                label={t('card.cvv')}
                autoComplete="cc-csc"
                inputMode="numeric"
                type="password"
                value={values.cvv}
                onChange={(e) => setField('cvv', normalizeCvv(e.currentTarget.value))}
                error={error('cvv')}
                description={t('card.cvvHint')}
                required
                data-testid="card-cvv"
              />
            </SimpleGrid>
            <Checkbox
              label={t('card.save')}
              checked={saveCard}
              onChange={(e) => setSaveCard(e.currentTarget.checked)}
              data-testid="card-save"
            />
            <div>
              <Button
                variant="subtle"
                px={0}
                onClick={() => {
                  setBillingOpen(!billingOpen);
                  revalidate(values, billing, !billingOpen);
                }}
                aria-expanded={billingOpen}
                aria-controls={billingId}
                rightSection={<IconChevronDown size={16} aria-hidden style={{ transform: billingOpen ? 'rotate(180deg)' : undefined }} />}
                data-testid="billing-toggle"
              >
                {t('card.billingToggle')}
              </Button>
              <Collapse expanded={billingOpen} id={billingId}>
                <Stack gap="sm" pt="xs" data-testid="billing-fields">
                  <Text size="xs" c="dimmed">
                    {t('card.billingHint')}
                  </Text>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <TextInput
                      label={t('billing.name')}
                      value={billing.name}
                      onChange={(e) => setBillingField('name', e.currentTarget.value)}
                      error={error('billing.name')}
                      autoComplete="billing given-name"
                      required
                      data-testid="billing-name"
                    />
                    <TextInput
                      label={t('billing.surname')}
                      value={billing.surname}
                      onChange={(e) => setBillingField('surname', e.currentTarget.value)}
                      error={error('billing.surname')}
                      autoComplete="billing family-name"
                      required
                      data-testid="billing-surname"
                    />
                    <TextInput
                      label={t('billing.email')}
                      type="email"
                      value={billing.email}
                      onChange={(e) => setBillingField('email', e.currentTarget.value.replace(/\s+/g, ''))}
                      error={error('billing.email')}
                      autoComplete="billing email"
                      data-testid="billing-email"
                    />
                    <TextInput
                      label={t('billing.phone')}
                      type="tel"
                      inputMode="tel"
                      value={billing.phone}
                      onChange={(e) => setBillingField('phone', e.currentTarget.value)}
                      autoComplete="billing tel"
                      data-testid="billing-phone"
                    />
                    <TextInput
                      label={t('billing.streetName')}
                      value={billing.street_name}
                      onChange={(e) => setBillingField('street_name', e.currentTarget.value)}
                      autoComplete="billing address-line1"
                    />
                    <SimpleGrid cols={2} spacing="sm">
                      <TextInput
                        label={t('billing.streetNumber')}
                        value={billing.street_number}
                        onChange={(e) => setBillingField('street_number', e.currentTarget.value)}
                      />
                      <TextInput
                        label={t('billing.suite')}
                        value={billing.suite}
                        onChange={(e) => setBillingField('suite', e.currentTarget.value)}
                      />
                    </SimpleGrid>
                    <TextInput
                      label={t('billing.address2')}
                      value={billing.address2}
                      onChange={(e) => setBillingField('address2', e.currentTarget.value)}
                      autoComplete="billing address-line2"
                    />
                    <TextInput
                      label={t('billing.city')}
                      value={billing.city}
                      onChange={(e) => setBillingField('city', e.currentTarget.value)}
                      autoComplete="billing address-level2"
                    />
                    <TextInput
                      label={t('billing.postalCode')}
                      value={billing.postal_code}
                      inputMode="numeric"
                      onChange={(e) => setBillingField('postal_code', e.currentTarget.value)}
                      autoComplete="billing postal-code"
                    />
                    <TextInput
                      label={t('billing.stateCode')}
                      value={billing.state_code}
                      onChange={(e) => setBillingField('state_code', e.currentTarget.value)}
                      autoComplete="billing address-level1"
                    />
                    <Select
                      label={t('billing.countryCode')}
                      data={[...BILLING_COUNTRIES]}
                      value={billing.country_code}
                      onChange={(value) => setBillingField('country_code', value ?? 'MX')}
                      allowDeselect={false}
                      autoComplete="billing country"
                      data-testid="billing-country"
                    />
                    <TextInput
                      label={t('billing.reference')}
                      value={billing.reference}
                      onChange={(e) => setBillingField('reference', e.currentTarget.value)}
                    />
                  </SimpleGrid>
                </Stack>
              </Collapse>
            </div>
          </Stack>
        )}

        {page.msi_options.length > 0 && (
          <InstalmentOptions
            kind="msi"
            options={page.msi_options}
            value={chosenMsi}
            onChange={setMsi}
            amountMinor={page.amount_minor}
            currency={page.currency}
            language={language}
            disabled={msiBlocked}
            description={msiBlocked ? t('msi.debitNote') : undefined}
            t={t}
          />
        )}

        {page.sandbox && usingNew && (
          <Alert
            color="grape"
            variant="light"
            icon={<IconFlask size={18} aria-hidden />}
            title={t('card.testCards')}
            data-testid="sandbox-cards"
          >
            <Text size="xs" mb={4}>
              {t('card.testCardsText')}
            </Text>
            <List size="xs" spacing={2}>
              {(Object.keys(SANDBOX_TEST_CARDS) as Array<keyof typeof SANDBOX_TEST_CARDS>).map((name) => (
                <List.Item key={name}>
                  <Anchor
                    component="button"
                    type="button"
                    size="xs"
                    className={classes.mono}
                    onClick={() => setField('card_number', SANDBOX_TEST_CARDS[name])}
                  >
                    {formatCardNumber(SANDBOX_TEST_CARDS[name])}
                  </Anchor>{' '}
                  {t(TEST_CARD_LABELS[name])}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}

        <Button
          type="submit"
          size="md"
          fullWidth
          loading={paying}
          disabled={paying}
          leftSection={<IconLock size={18} aria-hidden />}
          data-testid="pay-submit"
        >
          {paying ? t('panel.paying') : t('panel.pay', { amount: formatMoney(totalMinor, page.currency, language) })}
        </Button>
      </Stack>
    </form>
  );
}
