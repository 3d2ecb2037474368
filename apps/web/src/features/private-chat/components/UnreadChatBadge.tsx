import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUnreadPrivateTotal } from '../api';

/** The menu entry's badge: the unread messages of the user's internal chat (kept live by the socket). */
export function UnreadChatBadge() {
  const { t } = useTranslation();
  const unread = useUnreadPrivateTotal();
  if (!unread.data) return null;
  return (
    <Badge
      size="sm"
      color="red"
      circle={unread.data < 10}
      aria-label={t('menu.privateChatUnread', { count: unread.data })}
      data-testid="private-chat-unread"
    >
      {unread.data > 99 ? '99+' : unread.data}
    </Badge>
  );
}
