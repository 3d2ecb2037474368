import {
  emailSchema,
  isStrongPassword,
  isValidCpfCnpj,
  MAIN_TENANT_ID,
  TENANT_STATUSES,
  type Plan,
  type Tenant,
  type TenantStatus,
} from '@conversa/shared';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useCreateTenant, useUpdateTenant, type TenantInput } from '../api';

interface TenantFormValues {
  status: string;
  name: string;
  maxUsers: number | string;
  maxConnections: number | string;
  identity: string;
  paymentToken: string;
  paymentCustomerId: string;
  paymentActive: boolean;
  trial: boolean;
  trialDays: number | string;
  hideUnoficial: boolean;
  planId: string;
  withAdmin: boolean;
  admin: { name: string; email: string; password: string };
}

function isInteger(value: number | string, min: number): boolean {
  const n = typeof value === 'number' ? value : Number(value);
  return value !== '' && Number.isInteger(n) && n >= min;
}

function orNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

interface TenantFormModalProps {
  tenant: Tenant | null;
  plans: Plan[];
  onClose: () => void;
}

export function TenantFormModal({ tenant, plans, onClose }: TenantFormModalProps) {
  const { t } = useTranslation();
  const create = useCreateTenant();
  const update = useUpdateTenant();
  const [formError, setFormError] = useState<string | null>(null);
  const isMain = tenant?.id === MAIN_TENANT_ID;

  const form = useForm<TenantFormValues>({
    initialValues: {
      status: tenant?.status ?? 'active',
      name: tenant?.name ?? '',
      maxUsers: tenant?.maxUsers ?? 1,
      maxConnections: tenant?.maxConnections ?? 1,
      identity: tenant?.identity ?? '',
      paymentToken: tenant?.paymentToken ?? '',
      paymentCustomerId: tenant?.paymentCustomerId ?? '',
      paymentActive: tenant?.paymentActive ?? false,
      trial: tenant?.trial ?? false,
      trialDays: tenant?.trialDays ?? 0,
      hideUnoficial: tenant?.hideUnoficial ?? false,
      planId: tenant?.planId ? String(tenant.planId) : '',
      withAdmin: false,
      admin: { name: '', email: '', password: '' },
    },
    validate: {
      name: (value) => (value.trim().length >= 2 ? null : t('validation.minLength', { min: 2 })),
      maxUsers: (value) => (isInteger(value, 1) ? null : t('validation.minValue', { min: 1 })),
      maxConnections: (value) => (isInteger(value, 0) ? null : t('validation.minValue', { min: 0 })),
      trialDays: (value) => (isInteger(value, 0) ? null : t('validation.minValue', { min: 0 })),
      identity: (value) => (value.trim() === '' || isValidCpfCnpj(value) ? null : t('signup.invalidIdentity')),
      admin: {
        name: (value, values) => (!values.withAdmin || value.trim().length >= 2 ? null : t('validation.minLength', { min: 2 })),
        email: (value, values) => (!values.withAdmin || emailSchema.safeParse(value).success ? null : t('validation.invalidEmail')),
        password: (value, values) => (!values.withAdmin || isStrongPassword(value) ? null : t('validation.weakPassword')),
      },
    },
  });

  const applyPlan = (planId: string) => {
    form.setFieldValue('planId', planId);
    const plan = plans.find((p) => String(p.id) === planId);
    if (!plan || tenant) return;
    form.setValues({ maxUsers: plan.users, maxConnections: plan.connections, trial: plan.trial, trialDays: plan.trialDays });
  };

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const input: TenantInput = {
      status: values.status as TenantStatus,
      name: values.name.trim(),
      maxUsers: Number(values.maxUsers),
      maxConnections: Number(values.maxConnections),
      identity: orNull(values.identity),
      paymentToken: orNull(values.paymentToken),
      paymentCustomerId: orNull(values.paymentCustomerId),
      paymentActive: values.paymentActive,
      trial: values.trial,
      trialDays: Number(values.trialDays),
      hideUnoficial: values.hideUnoficial,
      planId: values.planId ? Number(values.planId) : null,
    };
    const onSuccess = () => {
      notifySuccess(t('common.saved'));
      onClose();
    };
    const onError = (error: unknown) => {
      form.setErrors(fieldErrors(error));
      setFormError(errorMessage(error));
      notifyApiError(error, 'tenant-save-error');
    };
    if (tenant) {
      const { status, ...rest } = input;
      update.mutate({ id: tenant.id, input: isMain ? rest : { status, ...rest } }, { onSuccess, onError });
    } else {
      const admin = values.withAdmin
        ? { name: values.admin.name.trim(), email: values.admin.email.trim(), password: values.admin.password }
        : undefined;
      create.mutate({ ...input, admin }, { onSuccess, onError });
    }
  });

  const statusOptions = TENANT_STATUSES.map((value) => ({
    value,
    label: value === 'active' ? t('tenants.statusActive') : t('tenants.statusInactive'),
  }));
  const planOptions = [{ value: '', label: t('tenants.noPlan') }, ...plans.map((plan) => ({ value: String(plan.id), label: plan.name }))];

  return (
    <Modal
      opened
      onClose={onClose}
      title={tenant ? t('tenants.editTitle') : t('tenants.createTitle')}
      size="lg"
      centered
      data-testid="tenant-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {isMain && (
            <Alert color="blue" data-testid="tenant-protected">
              {t('tenants.protected')}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('tenants.name')} required data-autofocus {...form.getInputProps('name')} />
            <NativeSelect label={t('tenants.status')} data={statusOptions} disabled={isMain} {...form.getInputProps('status')} />
            <NativeSelect
              label={t('tenants.plan')}
              data={planOptions}
              {...form.getInputProps('planId')}
              onChange={(event) => applyPlan(event.currentTarget.value)}
            />
            <TextInput label={t('tenants.identity')} {...form.getInputProps('identity')} />
            <NumberInput label={t('tenants.maxUsers')} min={1} allowDecimal={false} required {...form.getInputProps('maxUsers')} />
            <NumberInput
              label={t('tenants.maxConnections')}
              min={0}
              allowDecimal={false}
              required
              {...form.getInputProps('maxConnections')}
            />
            <TextInput label={t('tenants.paymentToken')} autoComplete="off" {...form.getInputProps('paymentToken')} />
            <TextInput label={t('tenants.paymentCustomerId')} autoComplete="off" {...form.getInputProps('paymentCustomerId')} />
            <NumberInput label={t('tenants.trialDays')} min={0} allowDecimal={false} {...form.getInputProps('trialDays')} />
          </SimpleGrid>
          <Group>
            <Switch label={t('tenants.paymentActive')} {...form.getInputProps('paymentActive', { type: 'checkbox' })} />
            <Switch label={t('tenants.trial')} {...form.getInputProps('trial', { type: 'checkbox' })} />
            <Switch label={t('tenants.hideUnoficial')} {...form.getInputProps('hideUnoficial', { type: 'checkbox' })} />
          </Group>
          {!tenant && (
            <>
              <Divider label={t('tenants.adminSection')} labelPosition="left" />
              <Checkbox label={t('tenants.withAdmin')} {...form.getInputProps('withAdmin', { type: 'checkbox' })} />
              {form.getValues().withAdmin && (
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput label={t('tenants.adminName')} required {...form.getInputProps('admin.name')} />
                  <TextInput
                    label={t('tenants.adminEmail')}
                    type="email"
                    autoComplete="off"
                    required
                    {...form.getInputProps('admin.email')}
                  />
                  <PasswordInput
                    label={t('tenants.adminPassword')}
                    autoComplete="new-password"
                    required
                    {...form.getInputProps('admin.password')}
                  />
                </SimpleGrid>
              )}
            </>
          )}
          {formError && (
            <Alert color="red" data-testid="tenant-form-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="tenant-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
