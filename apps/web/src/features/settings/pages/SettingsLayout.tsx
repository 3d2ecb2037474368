import { AI_PROVIDERS, CHANNEL_DEFAULT_KINDS, MAIN_TENANT_ID, type Profile } from '@conversa/shared';

import { Group, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { isPlatformAdmin } from '../../../app/paths';
import { useSession } from '../../../lib/useSession';

/** SPEC §2's order of the Bots and AI tabs (Dialogflow is not built). */
const BOT_TABS = ['typebot', 'dialogflow', ...AI_PROVIDERS, 'n8n', 'dify'] as const;

/**
 * The settings tabs that exist so far, in SPEC §2's groups (General, Bots and AI, Integrations, CRM,
 * Sessions): a group shows only once one of its tabs is built (no empty or inert tab).
 */
export const SETTINGS_TAB_GROUPS = [
  { group: 'general', tabs: [{ value: 'geral', labelKey: 'settings.tabs.general' }] },
  { group: 'bots', tabs: BOT_TABS.map((name) => ({ value: name, labelKey: `aiBots.tabs.${name}` })) },
  {
    group: 'integrations',
    tabs: [
      // SPEC §2's order: webhooks, meta, sms, hub, wuzapi, evolution, smtp.
      { value: 'webhooks', labelKey: 'webhooks.tab' },
      { value: 'meta', labelKey: 'channelDefaults.tabs.meta' },
      { value: 'sms', labelKey: 'sms.tab' },
      ...CHANNEL_DEFAULT_KINDS.filter((kind) => kind !== 'meta').map((kind) => ({ value: kind, labelKey: `channelDefaults.tabs.${kind}` })),
      { value: 'smtp', labelKey: 'smtp.tab' },
      // SPEC §2 lists pagamentos after smtp: the payment provider (platform) or the company's billing data.
      { value: 'pagamentos', labelKey: 'billing.settingsTab' },
    ],
  },
  {
    group: 'crm',
    tabs: [
      { value: 'lanes', labelKey: 'crmSettings.tabs.lanes' },
      { value: 'motivos', labelKey: 'crmSettings.tabs.motivos' },
      { value: 'variaveis', labelKey: 'crmSettings.tabs.variaveis' },
    ],
  },
] as const;

/**
 * Whether a tab is for this user: pagamentos is the platform superadmin's provider settings or a
 * company admin's billing data; tenant 1's other admins have neither (the platform has no subscription).
 */
function tabShown(value: string, profile: Profile | undefined, tenantId: number | undefined): boolean {
  if (value !== 'pagamentos') return true;
  return isPlatformAdmin(profile, tenantId) || (tenantId !== undefined && tenantId !== MAIN_TENANT_ID);
}

/** /configuracoes: tabs over the settings pages; the index redirects to geral. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const active = pathname.split('/')[2] ?? 'geral';

  return (
    <Stack>
      <Title order={2}>{t('settings.title')}</Title>
      <Tabs
        value={active}
        onChange={(value) => {
          if (value) void navigate(`/configuracoes/${value}`);
        }}
      >
        <ScrollArea type="auto" scrollbarSize={4} offsetScrollbars>
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {SETTINGS_TAB_GROUPS.map(({ group, tabs }) => (
              <Group key={group} gap={0} wrap="nowrap" data-testid={`settings-group-${group}`} role="presentation">
                <Text size="xs" c="dimmed" tt="uppercase" fw={600} px="xs" style={{ whiteSpace: 'nowrap' }} aria-hidden>
                  {t(`crmSettings.groups.${group}`)}
                </Text>
                {tabs
                  .filter((tab) => tabShown(tab.value, session?.profile, session?.tenantId))
                  .map((tab) => (
                    <Tabs.Tab key={tab.value} value={tab.value} data-testid={`settings-tab-${tab.value}`}>
                      {t(tab.labelKey)}
                    </Tabs.Tab>
                  ))}
              </Group>
            ))}
          </Tabs.List>
        </ScrollArea>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
