import { ActionIcon, Box, Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconId, IconLogout, IconMoon, IconSun, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/LanguagePicker';
import { logout } from '../../features/auth/api';
import { useChooseLanguage } from '../../features/profile/language-choice';
import { navigateTo } from '../../lib/navigation';
import { PATHS } from '../paths';
import { useSession } from '../../lib/useSession';
import { useColorSchemeToggle } from './ColorSchemeToggle';

/**
 * The signed-in user's menu. On phones (`compact`) the header has room for an icon only, so the
 * menu also holds what the wide header shows beside it: the language and the colour scheme.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const chooseLanguage = useChooseLanguage();
  const session = useSession();
  const colorScheme = useColorSchemeToggle();
  const label = session?.username || t('common.userMenu');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {compact ? (
          <ActionIcon variant="subtle" size="lg" aria-label={t('common.userMenu')} title={label} data-testid="user-menu">
            <IconUserCircle size={24} />
          </ActionIcon>
        ) : (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconUserCircle size={18} />}
            rightSection={<IconChevronDown size={14} />}
            maw={240}
            data-testid="user-menu"
            title={t('common.userMenu')}
          >
            {label}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        {session && (
          <Menu.Label>
            {compact && (
              <Text size="sm" fw={600} c="var(--mantine-color-text)" data-testid="user-menu-name">
                {session.username}
              </Text>
            )}
            <Text size="xs">{session.email}</Text>
            <Text size="xs">{t(`profiles.${session.profile}`)}</Text>
          </Menu.Label>
        )}
        {compact && (
          <>
            <Menu.Item
              leftSection={colorScheme.isDark ? <IconSun size={16} /> : <IconMoon size={16} />}
              closeMenuOnClick={false}
              onClick={colorScheme.toggle}
              data-testid="user-menu-color-scheme"
            >
              {colorScheme.isDark ? t('common.lightMode') : t('common.darkMode')}
            </Menu.Item>
            <Box px="sm" py={6}>
              <LanguageSelect onChoose={chooseLanguage} />
            </Box>
            <Menu.Divider />
          </>
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
