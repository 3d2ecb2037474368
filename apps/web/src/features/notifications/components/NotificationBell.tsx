import type { AppNotification } from '@conversa/shared';
import { languageOf, notificationMessage } from '@conversa/shared/notification-texts';
import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api';

/**
 * A notification's text in the app's current language: the platform's own (a reminder, a mention)
 * are stored as a kind and its params and worded here, with the words the server gives API clients
 * in `message` (@conversa/shared notification-texts), so a language change rewords the list at
 * once; a broadcast (and an older row) has its text.
 */
export function notificationText(notification: Pick<AppNotification, 'message' | 'content'>): string {
  return notificationMessage(languageOf(currentLocale()), notification);
}

/** The header's bell (every user): the unread count, live; the recent notifications; mark one or all read. */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const list = useNotifications();
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = list.data?.unread ?? 0;
  const notifications = list.data?.notifications ?? [];

  const open = (notification: AppNotification) => {
    if (!notification.isRead) markOne.mutate(notification.id);
    if (notification.link) {
      setOpened(false);
      void navigate(notification.link);
    }
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal>
      <Popover.Target>
        <Indicator label={unread > 99 ? '99+' : unread} size={16} disabled={unread === 0} offset={4} color="red" data-testid="bell-count">
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={() => setOpened((value) => !value)}
            aria-label={t('notifications.bellLabel', { count: unread })}
            data-testid="bell"
            data-unread={unread}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs" data-testid="bell-dropdown" maw="calc(100vw - 16px)">
        <Group justify="space-between" mb="xs" wrap="nowrap">
          <Text fw={600}>{t('notifications.title')}</Text>
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
            data-testid="bell-read-all"
          >
            {t('notifications.markAllRead')}
          </Button>
        </Group>
        <ScrollArea.Autosize mah={360}>
          {notifications.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="bell-empty">
              {t('notifications.empty')}
            </Text>
          ) : (
            <Stack gap={4}>
              {notifications.map((notification) => (
                <UnstyledButton
                  key={notification.id}
                  onClick={() => open(notification)}
                  p={6}
                  style={{ borderRadius: 6, background: notification.isRead ? undefined : 'var(--mantine-color-blue-light)' }}
                  data-testid={`bell-item-${notification.id}`}
                  data-read={notification.isRead}
                >
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {notificationText(notification)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(notification.createdAt)}
                    {!notification.isRead && ` · ${t('notifications.unread')}`}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
