import { Burger, Group, Image, Title } from '@mantine/core';
import { useBranding } from '../../lib/branding';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../components/LanguageMenu';
import { useIsMobile } from '../../lib/useIsMobile';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import { useChooseLanguage } from '../../features/profile/language-choice';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { UserMenu } from './UserMenu';

/** App name and burger on the left; language, colour scheme and the user menu on the right (all in the user menu on phones). */
export function HeaderBar({ navbarOpened, onToggleNavbar }: { navbarOpened: boolean; onToggleNavbar: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const branding = useBranding();
  const chooseLanguage = useChooseLanguage();
  return (
    <Group
      h="100%"
      px={mobile ? 'xs' : 'md'}
      justify="space-between"
      wrap="nowrap"
      data-testid="header-bar"
      data-compact={mobile || undefined}
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger opened={navbarOpened} onClick={onToggleNavbar} hiddenFrom="sm" size="sm" aria-label={t('common.toggleNavigation')} />
        {branding.logoUrl && <Image src={branding.logoUrl} alt="" h={32} w="auto" fit="contain" data-testid="header-logo" />}
        <Title order={3} data-testid="app-name" style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {branding.appName ?? t('app.name')}
        </Title>
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        {!mobile && <LanguageMenu onChoose={chooseLanguage} />}
        {!mobile && <ColorSchemeToggle />}
        <NotificationBell />
        <UserMenu compact={mobile} />
      </Group>
    </Group>
  );
}
