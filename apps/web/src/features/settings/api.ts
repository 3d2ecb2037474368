import type { Setting, SettingKey } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export type SettingValue = string;

const settingKeys = { all: ['settings'] as const };

export function useSettings() {
  return useQuery({
    queryKey: settingKeys.all,
    queryFn: ({ signal }) => http.get<Setting[]>('/settings/', { signal }),
  });
}

function withSetting(current: Setting[] | undefined, saved: Setting): Setting[] {
  if (!current) return [saved];
  return current.some((s) => s.key === saved.key) ? current.map((s) => (s.key === saved.key ? saved : s)) : [...current, saved];
}

export function useUpdateSetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: SettingKey; value: SettingValue }) => http.put<Setting>(`/settings/${key}`, { value }),
    onSuccess: (saved) => {
      qc.setQueryData<Setting[]>(settingKeys.all, (current) => withSetting(current, saved));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: settingKeys.all }),
  });
}
