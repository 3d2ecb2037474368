import { TASK_PRIORITIES, TASK_STATUSES, type Task, type TaskPriority, type TaskStatus } from '@conversa/shared';
import { Anchor, Badge, Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { IconCheck, IconMessage } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { chatPath } from '../../../app/paths';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { ListPageHeader } from '../../../components/ListPageHeader';
import { PageControls } from '../../../components/PageControls';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { formatDateTime } from '../../../lib/format';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useAllUsers } from '../../users/api';
import { useDeleteTask, useFinishTask, useTask, useTasks, type TaskFilters } from '../api';
import { TaskCommentsDrawer } from '../components/TaskCommentsDrawer';
import { TaskFormModal } from '../components/TaskFormModal';

const STATUS_COLOR: Record<TaskStatus, string> = { pending: 'blue', delayed: 'red', finished: 'green' };
const PRIORITY_COLOR: Record<TaskPriority, string> = { high: 'red', medium: 'orange', low: 'teal', none: 'gray' };

/**
 * /tarefas (every profile): the tasks the user sees (a plain user their own and those they created;
 * supervisors and admins all), filtered by status, priority and owner; create, edit, finish (a
 * recurring one brings its next occurrence), delete, and each task's comments.
 */
export function TasksPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<TaskFilters>({ status: ['pending', 'delayed'], priority: [], ownerIds: [] });
  const [page, setPage] = useState(1);
  const tasks = useTasks(filters, page);
  const users = useAllUsers();
  const finish = useFinishTask();
  const remove = useDeleteTask();
  const [editing, setEditing] = useState<Task | null | undefined>(undefined);
  const { deleting, ask, cancel, confirm, pending } = useConfirmedDelete<Task>(remove, 'task-delete-error');
  const [commenting, setCommenting] = useState<Task | null>(null);
  // A notification's link (`?task=12`) opens that task's thread.
  const linkedId = Number(params.get('task')) || null;
  const linked = useTask(linkedId);
  const drawerTask = commenting ?? (linkedId !== null ? (linked.data ?? null) : null);
  const closeDrawer = () => {
    setCommenting(null);
    if (linkedId !== null) setParams({}, { replace: true });
  };

  const setFilter = <K extends keyof TaskFilters>(key: K, value: TaskFilters[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };

  const runFinish = (task: Task) =>
    finish.mutate(task.id, {
      onSuccess: ({ next }) =>
        notifySuccess(next ? t('tasks.finishedWithNext', { date: formatDateTime(next.limitDate) }) : t('tasks.finished'), 'task-finished'),
      onError: (error) => notifyApiError(error, 'task-finish-error'),
    });

  const columns: DataColumn<Task>[] = [
    {
      key: 'name',
      header: t('tasks.name'),
      primary: true,
      render: (task) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {task.name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {task.description}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'ticket',
      header: t('tasks.ticket'),
      render: (task) =>
        task.ticketId !== null && (
          <Anchor component={Link} to={chatPath(task.ticketId)} size="sm" data-testid={`task-ticket-${task.id}`}>
            {t('tasks.ticketLink', { id: task.ticketId })}
          </Anchor>
        ),
    },
    { key: 'limitDate', header: t('tasks.limitDate'), render: (task) => formatDateTime(task.limitDate) },
    { key: 'owner', header: t('tasks.owner'), render: (task) => task.owner?.name ?? '' },
    {
      key: 'priority',
      header: t('tasks.priority'),
      render: (task) => (
        <Badge variant="light" color={PRIORITY_COLOR[task.priority]} style={{ minWidth: 'max-content' }}>
          {t(`tasks.priorities.${task.priority}`)}
        </Badge>
      ),
    },
    {
      key: 'status',
      header: t('tasks.status'),
      render: (task) => (
        <Badge color={STATUS_COLOR[task.status]} style={{ minWidth: 'max-content' }} data-testid={`task-status-${task.id}`}>
          {t(`tasks.statuses.${task.status}`)}
        </Badge>
      ),
    },
    {
      key: 'recurrence',
      header: t('tasks.recurrence'),
      render: (task) =>
        task.recurrence === 0
          ? t('tasks.noRecurrence')
          : `${t('tasks.everyDays', { count: task.recurrence })} · ${t('tasks.repetitionsLeft', { count: task.repetitions })}`,
    },
  ];

  return (
    <Stack data-testid="tasks-page">
      <ListPageHeader
        title={t('tasks.title')}
        newLabel={t('tasks.new')}
        onNew={() => setEditing(null)}
        newTestId="tasks-new"
        query={tasks}
      />
      <Group align="flex-end" gap="sm">
        <MultiSelect
          label={t('tasks.status')}
          placeholder={filters.status.length ? undefined : t('tasks.allStatuses')}
          data={TASK_STATUSES.map((s) => ({ value: s, label: t(`tasks.statuses.${s}`) }))}
          value={filters.status}
          onChange={(values) => setFilter('status', values)}
          clearable
          style={{ flex: '1 1 200px' }}
          maw={360}
          data-testid="tasks-filter-status"
        />
        <MultiSelect
          label={t('tasks.priority')}
          placeholder={filters.priority.length ? undefined : t('tasks.allPriorities')}
          data={TASK_PRIORITIES.map((p) => ({ value: p, label: t(`tasks.priorities.${p}`) }))}
          value={filters.priority}
          onChange={(values) => setFilter('priority', values)}
          clearable
          style={{ flex: '1 1 200px' }}
          maw={360}
          data-testid="tasks-filter-priority"
        />
        <MultiSelect
          label={t('tasks.owner')}
          placeholder={filters.ownerIds.length ? undefined : t('tasks.allOwners')}
          data={(users.data ?? []).map((user) => ({ value: String(user.id), label: user.name }))}
          value={filters.ownerIds.map(String)}
          onChange={(values) => setFilter('ownerIds', values.map(Number))}
          clearable
          searchable
          style={{ flex: '1 1 200px' }}
          maw={360}
          data-testid="tasks-filter-owner"
        />
      </Group>
      <DataTable
        testId="tasks-table"
        minWidth={900}
        rows={tasks.data?.tasks}
        rowKey={(task) => task.id}
        rowTestId={(task) => `task-row-${task.id}`}
        columns={columns}
        actions={(task) => (
          <>
            {task.status !== 'finished' && (
              <Button
                size="xs"
                variant="light"
                color="green"
                leftSection={<IconCheck size={14} />}
                loading={finish.isPending && finish.variables === task.id}
                onClick={() => runFinish(task)}
                data-testid={`task-finish-${task.id}`}
              >
                {t('tasks.finish')}
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              leftSection={<IconMessage size={14} />}
              onClick={() => setCommenting(task)}
              data-testid={`task-comments-${task.id}`}
            >
              {t('tasks.comments', { count: task.commentCount })}
            </Button>
            <Button size="xs" variant="light" onClick={() => setEditing(task)} data-testid={`task-edit-${task.id}`}>
              {t('common.edit')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => ask(task)} data-testid={`task-delete-${task.id}`}>
              {t('common.delete')}
            </Button>
          </>
        )}
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="tasks-count">
          {t('common.total', { count: tasks.data?.count ?? 0 })}
        </Text>
        <PageControls page={page} hasMore={Boolean(tasks.data?.hasMore)} onChange={setPage} testId="tasks" />
      </Group>
      {editing !== undefined && <TaskFormModal task={editing} onClose={() => setEditing(undefined)} />}
      {drawerTask && <TaskCommentsDrawer task={drawerTask} onClose={closeDrawer} />}
      <ConfirmModal
        opened={deleting !== null}
        title={t('tasks.deleteTitle')}
        message={t('tasks.deleteConfirm', { name: deleting?.name ?? '' })}
        loading={pending}
        onConfirm={confirm}
        onClose={cancel}
      >
        {deleting && deleting.commentCount > 0 && (
          <Text size="sm" data-testid="task-delete-comments">
            {t('tasks.deleteComments', { count: deleting.commentCount })}
          </Text>
        )}
      </ConfirmModal>
    </Stack>
  );
}
