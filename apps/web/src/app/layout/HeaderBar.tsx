import { Burger, Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../components/LanguageMenu';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { UserMenu } from './UserMenu';

export function HeaderBar({ navbarOpened, onToggleNavbar }: { navbarOpened: boolean; onToggleNavbar: () => void }) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navbarOpened} onClick={onToggleNavbar} hiddenFrom="sm" size="sm" aria-label={t('common.toggleNavigation')} />
        <Title order={3} data-testid="app-name">
          {t('app.name')}
        </Title>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <LanguageMenu />
        <ColorSchemeToggle />
        <UserMenu />
      </Group>
    </Group>
  );
}
