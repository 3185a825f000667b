import type { OrderPackage, OrderPacking } from '@vitrina/contracts';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { usePacking } from '../api/get-packing';
import { useMoveUnits, type Move } from '../api/move-units';
import { useResizePackage, type PackageSize } from '../api/resize-package';
import { usePackingT, type PackingT } from '../i18n/texts';
import { destinations, kilograms, packingErrorText } from '../lib/packing';
import { MoveControl } from './move-control';
import { SizeForm } from './size-form';

/** spec 3 §9: toasts stay 5 s, top right. */
const TOAST = { autoClose: 5_000, position: 'top-right' as const };

interface Props {
  /** The signed-in dropshipping supplier (the `{owner}` of the routes). */
  owner: string;
  orderId: string;
}

/**
 * The dropshipping supplier packs the order's lines (issue 13; spec 3 §7 binpacked / notpacked): one card per package
 * with its size and weight, the units in no package, and for each line a destination and a quantity to move. Until
 * the supplier changes something the server's first-fit proposal is shown; every change answers the whole packing.
 */
export function PackingPanel({ owner, orderId }: Props) {
  const { t, i18n } = usePackingT();
  const packing = usePacking(owner, orderId);
  const move = useMoveUnits(owner, orderId);
  const resize = useResizePackage(owner, orderId);
  const [editing, setEditing] = useState<number | null>(null);
  const [said, setSaid] = useState('');

  if (packing.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('loading')} data-testid="packing-loading">
        <Skeleton h={24} w={160} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton h={140} />
          <Skeleton h={140} />
        </SimpleGrid>
      </Stack>
    );
  }
  if (packing.isError) {
    return (
      <Alert color="red" data-testid="packing-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('loadFailed')}</Text>
          <Button size="xs" variant="light" onClick={() => void packing.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const data = packing.data;
  if (data.packages.length === 0 && data.not_packed.length === 0) {
    return (
      <Text c="dimmed" data-testid="packing-empty">
        {t('empty')}
      </Text>
    );
  }

  const placeName = (place: number) => (place === 0 ? t('move.unpack') : t('package', { n: place }));
  const run = async (m: Move, name: string) => {
    try {
      const next = await move.mutateAsync(m);
      // the new package is the last one when the move opened it
      const place = m.to > data.packages.length && m.to !== 0 ? next.packages.length : m.to;
      setSaid(t('move.done', { count: m.quantity, name, place: placeName(place) }));
    } catch (error) {
      notifications.show({ ...TOAST, color: 'red', title: t('errors.title'), message: packingErrorText(error, t) });
    }
  };
  const save = async (index: number, size: PackageSize) => {
    try {
      await resize.mutateAsync({ index, size });
      setEditing(null);
      setSaid(t('edit.saved', { n: index }));
    } catch (error) {
      notifications.show({ ...TOAST, color: 'red', title: t('errors.title'), message: packingErrorText(error, t) });
    }
  };

  return (
    <Stack gap="md" data-testid="packing-panel">
      <div>
        <Title order={2} size="h4">
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {data.packages.map((pkg) => (
          <PackageCard
            key={pkg.index}
            pkg={pkg}
            packing={data}
            language={i18n.language}
            busy={move.isPending || resize.isPending}
            editing={editing === pkg.index}
            onEdit={() => setEditing(pkg.index)}
            onCancelEdit={() => setEditing(null)}
            onSave={(size) => void save(pkg.index, size)}
            saving={resize.isPending}
            onMove={(lineId, name, to, quantity) => void run({ from: pkg.index, to, lineId, quantity }, name)}
            t={t}
          />
        ))}
        <Card withBorder padding="md" data-testid="not-packed" aria-labelledby="not-packed-title">
          <Group justify="space-between" mb="xs">
            <Text fw={700} id="not-packed-title">
              {t('notPacked')}
            </Text>
            <Badge variant="light" color={data.not_packed.length ? 'orange' : 'teal'}>
              {data.not_packed.reduce((n, l) => n + l.quantity, 0)}
            </Badge>
          </Group>
          {data.not_packed.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('allPacked')}
            </Text>
          ) : (
            <Stack gap="sm">
              {data.not_packed.map((line) => (
                <Stack key={line.line_id} gap={4}>
                  <Text size="sm">
                    {line.name} <b>{t('units', { count: line.quantity })}</b>
                  </Text>
                  <MoveControl
                    // a new quantity or set of packages starts the control again
                    key={`${line.quantity}-${data.packages.length}`}
                    id={`0-${line.line_id}`}
                    name={line.name}
                    max={line.quantity}
                    destinations={destinations(data, 0)}
                    verb="pack"
                    disabled={move.isPending}
                    onMove={(to, quantity) => void run({ from: 0, to, lineId: line.line_id, quantity }, line.name)}
                    t={t}
                  />
                </Stack>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>
      <div aria-live="polite" role="status" data-testid="packing-status" style={{ minHeight: 1 }}>
        <Text size="xs" c="dimmed">
          {said}
        </Text>
      </div>
    </Stack>
  );
}

interface CardProps {
  pkg: OrderPackage;
  packing: OrderPacking;
  language: string;
  busy: boolean;
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancelEdit: () => void;
  onSave: (size: PackageSize) => void;
  onMove: (lineId: string, name: string, to: number, quantity: number) => void;
  t: PackingT;
}

function PackageCard({ pkg, packing, language, busy, editing, saving, onEdit, onCancelEdit, onSave, onMove, t }: CardProps) {
  const titleId = `package-${pkg.index}-title`;
  return (
    <Card withBorder padding="md" data-testid={`package-${pkg.index}`} aria-labelledby={titleId}>
      <Group justify="space-between" mb={4}>
        <Text fw={700} id={titleId}>
          {t('package', { n: pkg.index })}
        </Text>
        {!editing && (
          <Button size="compact-xs" variant="subtle" onClick={onEdit} data-testid={`package-${pkg.index}-edit`}>
            {t('edit.open')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="xs" data-testid={`package-${pkg.index}-size`}>
        {t('size', {
          length: pkg.length_cm,
          width: pkg.width_cm,
          height: pkg.height_cm,
          weight: kilograms(pkg.weight_g, language),
        })}
      </Text>
      {editing ? (
        <SizeForm pkg={pkg} saving={saving} onSave={onSave} onCancel={onCancelEdit} t={t} />
      ) : pkg.lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('emptyPackage')}
        </Text>
      ) : (
        <Stack gap="sm">
          {pkg.lines.map((line) => (
            <Stack key={line.line_id} gap={4}>
              <Text size="sm">
                {line.name} <b>{t('units', { count: line.quantity })}</b>
              </Text>
              <MoveControl
                key={`${line.quantity}-${packing.packages.length}`}
                id={`${pkg.index}-${line.line_id}`}
                name={line.name}
                max={line.quantity}
                destinations={destinations(packing, pkg.index)}
                verb="submit"
                disabled={busy}
                onMove={(to, quantity) => onMove(line.line_id, line.name, to, quantity)}
                t={t}
              />
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}
