import { Box, Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../lib/branding';
import { LanguageSelect } from './LanguagePicker';
import classes from './PublicShell.module.css';

/**
 * Frame of the public pages (login, sign-up, password reset): the platform's logo and name (white-label,
 * read at run time), language picker, a card; its background image or colour behind.
 */
export function PublicShell({ children, width = 420 }: { children: ReactNode; width?: number }) {
  const { t } = useTranslation();
  const branding = useBranding();
  const name = branding.appName ?? t('app.name');
  return (
    <Box
      mih="100vh"
      p="md"
      className={classes.shell}
      data-testid="public-shell"
      data-background={branding.backgroundUrl ?? undefined}
      style={branding.backgroundUrl ? { backgroundImage: `url("${branding.backgroundUrl}")` } : undefined}
    >
      <Group justify="flex-end">
        <LanguageSelect />
      </Group>
      <Center mt="lg">
        <Stack w="100%" maw={width} gap="md">
          <Stack gap={4} align="center" className={branding.backgroundUrl ? classes.heading : undefined}>
            {branding.logoUrl && <Image src={branding.logoUrl} alt={name} h={64} w="auto" fit="contain" data-testid="brand-logo" />}
            <Title order={1}>{name}</Title>
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
