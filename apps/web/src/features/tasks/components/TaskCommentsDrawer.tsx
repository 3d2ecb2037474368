import { createTaskCommentBodySchema, TASK_COMMENT_MAX, type Task } from '@conversa/shared';
import { Button, Drawer, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/QueryError';
import { formatDateTime } from '../../../lib/format';
import { schemaValidator } from '../../../lib/form-validation';
import { notifyApiError } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/useIsMobile';
import { useAddTaskComment, useTaskComments } from '../api';

const commentBody = (values: { comment: string }) => ({ comment: values.comment.trim() });

/** A task's comment thread: who wrote what and when, and a box to add one. */
export function TaskCommentsDrawer({ task, onClose }: { task: Task; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const comments = useTaskComments(task.id);
  const add = useAddTaskComment(task.id);
  const form = useForm({ initialValues: { comment: '' }, validate: schemaValidator(createTaskCommentBodySchema, commentBody) });

  const submit = form.onSubmit((values) =>
    add.mutate(commentBody(values).comment, {
      onSuccess: () => form.reset(),
      onError: (error) => notifyApiError(error, 'task-comment-error'),
    }),
  );

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={mobile ? '100%' : 'md'}
      title={t('tasks.commentsOf', { name: task.name })}
      data-testid="task-comments"
    >
      <Stack>
        {comments.isLoading && <Loader size="sm" />}
        {comments.isError && <QueryError error={comments.error} onRetry={() => void comments.refetch()} />}
        {comments.data?.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="task-comments-empty">
            {t('tasks.noComments')}
          </Text>
        )}
        {comments.data?.map((comment) => (
          <Paper key={comment.id} withBorder p="xs" data-testid={`task-comment-${comment.id}`}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {comment.comment}
            </Text>
            <Text size="xs" c="dimmed">
              {comment.author?.name ?? t('tasks.removedUser')} · {formatDateTime(comment.createdAt)}
            </Text>
          </Paper>
        ))}
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Textarea
              label={t('tasks.newComment')}
              autosize
              minRows={2}
              maxLength={TASK_COMMENT_MAX}
              data-testid="task-comment-input"
              {...form.getInputProps('comment')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending} data-testid="task-comment-send">
                {t('tasks.addComment')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Drawer>
  );
}
