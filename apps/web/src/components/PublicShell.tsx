import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from './LanguagePicker';

/** Frame of the public pages (login, sign-up, password reset): app name, language picker, a card. */
export function PublicShell({ children, width = 420 }: { children: ReactNode; width?: number }) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" p="md" bg="var(--mantine-color-default-hover)">
      <Group justify="flex-end">
        <LanguageSelect />
      </Group>
      <Center mt="lg">
        <Stack w="100%" maw={width} gap="md">
          <Stack gap={0} align="center">
            <Title order={1}>{t('app.name')}</Title>
            <Text c="dimmed">{t('app.tagline')}</Text>
          </Stack>
          <Paper withBorder shadow="sm" p="xl" radius="md">
            {children}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
