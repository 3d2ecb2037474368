import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconId, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { logout } from '../../features/auth/api';
import { navigateTo } from '../../lib/navigation';
import { PATHS } from '../paths';
import { useSession } from '../../lib/useSession';

export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconUserCircle size={18} />}
          rightSection={<IconChevronDown size={14} />}
          data-testid="user-menu"
          title={t('common.userMenu')}
        >
          {session?.username || t('common.userMenu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {session && (
          <Menu.Label>
            <Text size="xs">{session.email}</Text>
            <Text size="xs">{t(`profiles.${session.profile}`)}</Text>
          </Menu.Label>
        )}
        <Menu.Item leftSection={<IconId size={16} />} onClick={() => navigateTo(PATHS.profile)} data-testid="profile-link">
          {t('profile.title')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void logout()} data-testid="logout-button">
          {t('common.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
