import { ActionIcon, Menu } from '@mantine/core';
import { IconLogin2, IconUserCircle, IconUserPlus } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { authModal } from '@/lib/auth-modal-store';

export interface AuthDropdownProps {
  login: () => void;
  register: () => void;
}

/**
 * The phones' account dropdown with log-in and sign-up (spec 1 §2 'Header bar'). A separate chunk (the menu
 * and its positioning code): AuthButtons shows a look-alike button and swaps this in on the first click,
 * already open.
 */
export default function AuthDropdown({ login, register }: AuthDropdownProps) {
  const { t } = useTranslation('accountMenu');
  const target = useRef<HTMLButtonElement>(null);
  return (
    // It replaced the button that was clicked, so the menu's own focus return has nothing to go back to the
    // first time: closing puts the focus on the account button.
    <Menu position="bottom-end" width={200} withinPortal defaultOpened onClose={() => target.current?.focus({ preventScroll: true })}>
      <Menu.Target>
        <ActionIcon ref={target} variant="default" size="lg" radius="xl" aria-label={t('account')} onPointerEnter={authModal.prefetch}>
          <IconUserCircle size={22} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconLogin2 size={16} aria-hidden />} onClick={login}>
          {t('login')}
        </Menu.Item>
        <Menu.Item leftSection={<IconUserPlus size={16} aria-hidden />} onClick={register}>
          {t('register')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
