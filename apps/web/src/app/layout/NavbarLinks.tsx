import { NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isNewTabClick, openInNewTab } from '../../lib/navigation';
import { useSession } from '../../lib/useSession';
import { menuFor, type MenuItem } from '../menus';
import { useBillingBlocked } from '../../features/billing/billing-state';
import { navTestId } from '../paths';

const section = (path: string) => `/${path.split('/')[1]}`;

function MenuLink({ item, active, onNavigate }: { item: MenuItem; active: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <NavLink
      component={Link}
      to={item.path}
      label={t(item.labelKey)}
      leftSection={<item.icon size={18} stroke={1.6} />}
      rightSection={item.badge ? <item.badge /> : undefined}
      active={active}
      data-testid={navTestId(item.path)}
      onClick={(event) => {
        // SPEC §2: ctrl/meta-click opens the route in a new tab.
        if (isNewTabClick(event)) {
          event.preventDefault();
          openInNewTab(item.path);
          return;
        }
        onNavigate();
      }}
    />
  );
}

export function NavbarLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const blocked = useBillingBlocked();
  const groups = menuFor(session?.profile, session?.tenantId, blocked, session?.blockWavoip === true);
  // One group needs no title; the platform superadmin's two (its tenant's work, the platform) are named.
  const titled = groups.length > 1;

  return (
    <nav aria-label={t('common.toggleNavigation')}>
      <Stack gap="sm">
        {groups.map((group) => (
          <div
            key={group.labelKey}
            role="group"
            aria-label={titled ? t(group.labelKey) : undefined}
            data-testid={`nav-group-${group.labelKey.split('.').pop()}`}
          >
            {titled && (
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
                {t(group.labelKey)}
              </Text>
            )}
            {group.items.map((item) => (
              <MenuLink key={item.path} item={item} active={section(pathname) === section(item.path)} onNavigate={onNavigate} />
            ))}
          </div>
        ))}
      </Stack>
    </nav>
  );
}
