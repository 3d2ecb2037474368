import { NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isNewTabClick, openInNewTab } from '../../lib/navigation';
import { useSession } from '../../lib/useSession';
import { menuFor } from '../menus';
import { navTestId } from '../paths';

export function NavbarLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const section = (path: string) => `/${path.split('/')[1]}`;

  return (
    <nav aria-label={t('common.toggleNavigation')}>
      {menuFor(session?.profile).map((item) => (
        <NavLink
          key={item.path}
          component={Link}
          to={item.path}
          label={t(item.labelKey)}
          leftSection={<item.icon size={18} stroke={1.6} />}
          active={section(pathname) === section(item.path)}
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
      ))}
    </nav>
  );
}
