import { ActionIcon, Alert, Avatar, Button, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { FranchiseJson } from '@vitrina/contracts';
import { useState } from 'react';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';
import type { OwnerRef } from '../api/http';
import { addFranchise, franchisesQueryOptions, removeFranchise, useFranchises } from '../api/store-items';
import { notifyError, notifySuccess, useNotifyApiError } from './notify';
import { useUndoableActions } from './use-undoable-actions';

interface Props {
  owner: OwnerRef;
  opened: boolean;
  onClose: () => void;
  onChanged: () => void;
}

/** spec 1 §2 'franchise picker': search and infinite scroll (list height 250); removal with the 5 s undo. */
export function FranchisePickerModal({ owner, opened, onClose, onChanged }: Props) {
  const { t } = useShopAdminTranslation();
  const notifyApiError = useNotifyApiError();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 400);
  const franchises = useFranchises(debounced);
  const [overrides, setOverrides] = useState<Record<string, boolean>>({});
  const removals = useUndoableActions();
  const client = useQueryClient();
  // Cached pages keep the old in_store: mark them stale without refetching the list on screen (see add-products).
  const markStale = () =>
    void client.invalidateQueries({ queryKey: franchisesQueryOptions(debounced).queryKey.slice(0, 2), refetchType: 'none' });

  const add = async (franchise: FranchiseJson) => {
    try {
      await addFranchise(owner, franchise.id);
      setOverrides((current) => ({ ...current, [franchise.id]: true }));
      markStale();
      notifySuccess(t('picker.franchiseAdded'));
      onChanged();
    } catch (error) {
      notifyApiError(error);
    }
  };

  const remove = (franchise: FranchiseJson) =>
    removals.start(
      franchise.id,
      () => removeFranchise(owner, franchise.id),
      (result) => {
        if (result.cancelled) return;
        if (result.ok) {
          setOverrides((current) => ({ ...current, [franchise.id]: false }));
          markStale();
          notifySuccess(t('picker.franchiseRemoved'));
          onChanged();
        } else notifyError(t('common.genericError'));
      },
    );

  const list = franchises.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <Modal opened={opened} onClose={onClose} title={t('picker.franchisesTitle')}>
      <Stack>
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('picker.search')}
          aria-label={t('picker.search')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        {franchises.isError ? (
          <Alert color="red">{t('common.loadError')}</Alert>
        ) : franchises.isPending ? (
          <Loader size="sm" />
        ) : list.length === 0 ? (
          <Text c="dimmed">{t('picker.noFranchises')}</Text>
        ) : (
          <ScrollArea
            h={250}
            onBottomReached={() => franchises.hasNextPage && !franchises.isFetchingNextPage && void franchises.fetchNextPage()}
          >
            <Stack gap="xs">
              {list.map((franchise) => {
                const inStore = overrides[franchise.id] ?? franchise.in_store ?? false;
                const seconds = removals.secondsOf(franchise.id);
                return (
                  <Group key={franchise.id} justify="space-between" wrap="nowrap">
                    <Group gap="xs" wrap="nowrap">
                      <Avatar src={franchise.photo} size="sm">
                        {franchise.name.slice(0, 1)}
                      </Avatar>
                      <Text size="sm">{franchise.name}</Text>
                      {inStore && seconds === null && <IconCheck size={14} color="var(--mantine-color-green-6)" />}
                    </Group>
                    {seconds !== null ? (
                      <Button size="compact-xs" variant="light" onClick={() => removals.undo(franchise.id)}>
                        {t('common.undo')} ({seconds})
                      </Button>
                    ) : inStore ? (
                      <ActionIcon color="red" size="sm" aria-label={t('picker.removeFromStore')} onClick={() => remove(franchise)}>
                        <IconX size={14} />
                      </ActionIcon>
                    ) : (
                      <ActionIcon color="green" size="sm" aria-label={t('picker.addToStore')} onClick={() => void add(franchise)}>
                        <IconPlus size={14} />
                      </ActionIcon>
                    )}
                  </Group>
                );
              })}
              {franchises.isFetchingNextPage && <Loader size="xs" />}
            </Stack>
          </ScrollArea>
        )}
      </Stack>
    </Modal>
  );
}
