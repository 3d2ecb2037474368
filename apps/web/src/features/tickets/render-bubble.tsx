import type { Message } from '@conversa/shared';
import { renderWithApp } from '../../test/render';
import { MessageBubble, type MessageActions } from './components/MessageBubble';

/** Test support: message actions that do nothing (none allowed). */
export const noMessageActions: MessageActions = {
  canEdit: () => false,
  canDelete: () => false,
  onReply: () => undefined,
  onForward: () => undefined,
  onEdit: () => undefined,
  onDelete: () => undefined,
};

/** Test support: one message bubble of a one-to-one chat, outside any selection. */
export const renderBubble = (message: Message) =>
  renderWithApp(
    <MessageBubble
      message={message}
      isGroup={false}
      actions={noMessageActions}
      selecting={false}
      selected={false}
      selectionFull={false}
      onToggleSelected={() => undefined}
    />,
  );
