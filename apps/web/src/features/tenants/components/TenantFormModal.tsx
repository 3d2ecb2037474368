import {
  createTenantBodySchema,
  MAIN_TENANT_ID,
  SECRET_MASK,
  TENANT_STATUSES,
  updateTenantBodySchema,
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
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../../lib/errors';
import { numberValue, schemaValidator, textOrNull } from '../../../lib/form-validation';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useCreateTenant, useUpdateTenant } from '../api';

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

/**
 * The request body of the form's values (what the validation checks and the submit sends): the main
 * company's status is not sent (it cannot be changed); the first administrator only on a create.
 */
function tenantBody(values: TenantFormValues, tenant: Tenant | null) {
  const admin = values.withAdmin
    ? { name: values.admin.name.trim(), email: values.admin.email.trim(), password: values.admin.password }
    : undefined;
  return {
    ...(tenant?.id === MAIN_TENANT_ID ? {} : { status: values.status as TenantStatus }),
    name: values.name.trim(),
    maxUsers: numberValue(values.maxUsers),
    maxConnections: numberValue(values.maxConnections),
    identity: textOrNull(values.identity),
    paymentToken: textOrNull(values.paymentToken),
    paymentCustomerId: textOrNull(values.paymentCustomerId),
    paymentActive: values.paymentActive,
    trial: values.trial,
    trialDays: numberValue(values.trialDays),
    hideUnoficial: values.hideUnoficial,
    planId: values.planId ? Number(values.planId) : null,
    ...(tenant || !admin ? {} : { admin }),
  };
}

interface TenantFormModalProps {
  tenant: Tenant | null;
  plans: Plan[];
  /** The companies already there: a name one of them has is pointed out (not refused). */
  tenants?: Tenant[];
  onClose: () => void;
}

/** The company with this name (trimmed, whatever its case), other than the one being edited. */
function sameName(tenants: Tenant[], name: string, editing: Tenant | null): Tenant | undefined {
  const wanted = name.trim().toLocaleLowerCase();
  if (!wanted) return undefined;
  return tenants.find((other) => other.id !== editing?.id && other.name.trim().toLocaleLowerCase() === wanted);
}

export function TenantFormModal({ tenant, plans, tenants = [], onClose }: TenantFormModalProps) {
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
    // POST /tenants or PUT /tenants/:id: the server's own schema. A number field left empty is null, which it refuses.
    validate: schemaValidator(tenant ? updateTenantBodySchema : createTenantBodySchema, (values: TenantFormValues) =>
      tenantBody(values, tenant),
    ),
  });

  const applyPlan = (planId: string) => {
    form.setFieldValue('planId', planId);
    const plan = plans.find((p) => String(p.id) === planId);
    if (!plan) return;
    // A company on a plan has the plan's limits (the operator may type others before saving). An
    // edit keeps the company's subscription (trial, billing) as it is.
    if (tenant) {
      form.setValues({ maxUsers: plan.users, maxConnections: plan.connections });
      return;
    }
    // A new company is billed like a signed-up one when its plan has a value (issue 15); the switch exempts it.
    form.setValues({
      maxUsers: plan.users,
      maxConnections: plan.connections,
      trial: plan.trial,
      trialDays: plan.trialDays,
      paymentActive: plan.value > 0,
    });
  };

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const body = tenantBody(values, tenant);
    const onSuccess = () => {
      notifySuccess(t('common.saved'));
      onClose();
    };
    const onError = (error: unknown) => {
      form.setErrors(fieldErrors(error));
      setFormError(errorMessage(error));
      notifyApiError(error, 'tenant-save-error');
    };
    // Validated above: the schema's output is the body.
    if (tenant) update.mutate({ id: tenant.id, input: updateTenantBodySchema.parse(body) }, { onSuccess, onError });
    else create.mutate(createTenantBodySchema.parse(body), { onSuccess, onError });
  });

  const statusOptions = TENANT_STATUSES.map((value) => ({
    value,
    label: value === 'active' ? t('tenants.statusActive') : t('tenants.statusInactive'),
  }));
  // Two companies may share a name (branches, franchises, different CNPJs): pointed out, not refused.
  const namesake = sameName(tenants, form.getValues().name, tenant);
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
            <TextInput
              label={t('tenants.name')}
              required
              data-autofocus
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              description={
                namesake ? (
                  <Text span size="xs" c="orange.8" data-testid="tenant-name-taken">
                    {t('tenants.nameTaken', { name: namesake.name })}
                  </Text>
                ) : undefined
              }
              {...form.getInputProps('name')}
            />
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
            <TextInput
              label={t('tenants.paymentToken')}
              // The server answers only a mask for a stored token; sent back unchanged, it keeps the token.
              description={tenant?.paymentToken === SECRET_MASK ? t('tenants.paymentTokenKept') : undefined}
              autoComplete="off"
              {...form.getInputProps('paymentToken')}
            />
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
