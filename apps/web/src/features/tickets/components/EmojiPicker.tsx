import { ActionIcon, Popover, SimpleGrid, UnstyledButton } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The emojis agents use most; a full picker library would weigh more than the whole chat. */
const EMOJIS = [
  '😀 😃 😄 😁 😆 😅 😂 🤣 😊 😇 🙂 🙃 😉 😌 😍 🥰',
  '😘 😋 😛 😜 🤪 🤗 🤩 🤔 🤨 😐 😑 😶 🙄 😏 😬 😮',
  '😯 😲 😳 🥺 😢 😭 😤 😠 😡 🤯 😱 😴 🤤 😷 🤒 🤕',
  '👍 👎 👌 ✌️ 🤞 🤝 🙏 👏 🙌 👋 💪 👀 ✅ ❌ ⚠️ ❓',
  '❤️ 🧡 💛 💚 💙 💜 🖤 💔 ⭐ 🔥 🎉 🎁 📞 📦 🚚 💰',
]
  .join(' ')
  .split(' ');

export function EmojiPicker({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" withinPortal shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          disabled={disabled}
          onClick={() => setOpened((o) => !o)}
          aria-label={t('tickets.composer.emoji')}
          data-testid="composer-emoji"
        >
          <IconMoodSmile size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={6}>
        <SimpleGrid cols={8} spacing={2} verticalSpacing={2}>
          {EMOJIS.map((emoji) => (
            <UnstyledButton
              key={emoji}
              onClick={() => onPick(emoji)}
              aria-label={emoji}
              style={{ fontSize: 20, lineHeight: '28px', width: 30, textAlign: 'center', borderRadius: 4 }}
            >
              {emoji}
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
}
