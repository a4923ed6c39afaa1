// The host program's pharmacies and their keys (decision 077): a table with each pharmacy's keys (readable starts and
// states), issuing a key (shown here once, with Copy), revoking one (asked first), and the form to add a pharmacy.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form } from 'react-aria-components';
import type { StaffAddPharmacyBody } from '@portal/contracts/staff-admin';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { FormTextField } from '../../../components/ui/form-text-field.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { countryName } from '../../../lib/format.ts';
import { applyFieldErrors, errorKeyOf } from '../../../lib/form-errors.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { useT } from '../../../program/use-t.ts';
import { addPharmacy, issueKey, pharmaciesQuery, revokeKey, type PharmacyView } from '../api/admin-api.ts';
import { dateTimeIn } from './admin-format.ts';
import { ShownOnce } from './shown-once.tsx';
import { StepHeading } from './step-heading.tsx';

interface AddForm {
  name: string;
  country: string;
  chain: string;
  branch: string;
}

function AddPharmacy({ countries }: { countries: readonly string[] }) {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string>();
  const { control, handleSubmit, setError, clearErrors, formState, reset } = useForm<AddForm>({
    defaultValues: { name: '', country: countries.length === 1 ? countries[0] : '', chain: '', branch: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    setFailure(undefined);
    if (!values.name.trim()) setError('name', { message: 'staff.admin.pharmacy.name.required' }, { shouldFocus: true });
    if (!values.country) setError('country', { message: 'staff.admin.pharmacy.country.invalid' });
    if (!values.name.trim() || !values.country) return;
    try {
      await addPharmacy({ ...values, country: values.country as StaffAddPharmacyBody['country'] });
      reset({ name: '', country: values.country, chain: '', branch: '' });
      await queryClient.invalidateQueries({ queryKey: pharmaciesQuery().queryKey });
    } catch (error) {
      if (applyFieldErrors<AddForm>(error, setError, { code: 'VALIDATION_FAILED', shouldFocus: true })) return;
      setFailure(errorKeyOf(error));
    }
  });
  return (
    <section className="staff-panel stack" aria-labelledby="staff-pharmacy-add">
      <h3 id="staff-pharmacy-add">{t('staff.admin.pharmacy.add.title')}</h3>
      {failure ? <FormAlert tone="error">{t(failure)}</FormAlert> : null}
      <Form className="stack" onSubmit={onSubmit} validationBehavior="aria" autoComplete="off">
        <div className="staff-search__fields">
          <FormTextField control={control} name="name" label={t('staff.admin.pharmacy.name.label')} isRequired />
          <SelectField
            control={control}
            name="country"
            label={t('staff.admin.pharmacy.country.label')}
            placeholder={t('common.select')}
            options={countries.map((code) => ({ value: code, text: countryName(code, language) }))}
            isRequired
          />
          <FormTextField control={control} name="chain" label={t('staff.admin.pharmacy.chain.label')} />
          <FormTextField control={control} name="branch" label={t('staff.admin.pharmacy.branch.label')} />
        </div>
        <div className="actions">
          <PendingButton
            type="submit"
            isPending={formState.isSubmitting}
            pendingLabel={t('staff.admin.pharmacy.add.adding')}
          >
            {t('staff.admin.pharmacy.add.submit')}
          </PendingButton>
        </div>
      </Form>
    </section>
  );
}

export function StaffPharmacies() {
  const t = useT();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const pharmacies = useQuery(pharmaciesQuery());
  const [shown, setShown] = useState<{ name: string; key: string }>();
  const [asking, setAsking] = useState<{ pharmacy: PharmacyView; keyId: number; prefix: string }>();
  const [isRevoking, setRevoking] = useState(false);
  const [error, setError] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: pharmaciesQuery().queryKey });

  const issue = async (pharmacy: PharmacyView) => {
    setError(undefined);
    try {
      const issued = await issueKey(pharmacy.id);
      setShown({ name: pharmacy.name, key: issued.key });
      await refresh();
    } catch (failure) {
      setError(errorKeyOf(failure));
    }
  };
  const revoke = async () => {
    if (!asking) return;
    setRevoking(true);
    setError(undefined);
    try {
      await revokeKey(asking.pharmacy.id, asking.keyId);
      setAsking(undefined);
      await refresh();
    } catch (failure) {
      setError(errorKeyOf(failure));
    } finally {
      setRevoking(false);
    }
  };

  return (
    <section className="staff-step stack" aria-labelledby="staff-pharmacies-title">
      <StepHeading id="staff-pharmacies-title">{t('staff.admin.pharmacies.title')}</StepHeading>
      <p>{t('staff.admin.pharmacies.lead')}</p>
      {shown ? (
        <ShownOnce
          id="staff-pharmacy-key"
          title={t('staff.admin.key.shown.title', { name: shown.name })}
          lead={t('staff.admin.key.shown.lead')}
          label={t('staff.admin.key.shown.label')}
          value={shown.key}
          onDone={() => setShown(undefined)}
        />
      ) : null}
      {error && !asking ? <FormAlert tone="error">{t(error)}</FormAlert> : null}
      <QueryRegion query={pharmacies} lines={6}>
        {({ pharmacies: list, countries }) => (
          <>
            {list.length === 0 ? (
              <EmptyState message={t('staff.admin.pharmacies.empty')} />
            ) : (
              <div className="staff-table-wrap">
                <table className="staff-table staff-table--admin">
                  <caption className="visually-hidden">
                    {t('staff.admin.pharmacies.caption', { count: list.length })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('staff.admin.pharmacies.name')}</th>
                      <th scope="col">{t('staff.admin.pharmacies.country')}</th>
                      <th scope="col">{t('staff.admin.pharmacies.keys')}</th>
                      <th scope="col">
                        <span className="visually-hidden">{t('staff.admin.pharmacies.action')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((pharmacy) => (
                      <tr key={pharmacy.id}>
                        <th scope="row">
                          {pharmacy.name}
                          {pharmacy.chain || pharmacy.branch ? (
                            <>
                              <br />
                              <span className="staff-note">
                                {[pharmacy.chain, pharmacy.branch].filter(Boolean).join(' · ')}
                              </span>
                            </>
                          ) : null}
                        </th>
                        <td>{countryName(pharmacy.country, language)}</td>
                        <td>
                          {pharmacy.keys.length === 0 ? (
                            t('staff.admin.pharmacies.noKeys')
                          ) : (
                            <ul className="staff-keys">
                              {pharmacy.keys.map((key) => (
                                <li key={key.id}>
                                  <span className="staff-mono">{key.prefix}…</span>{' '}
                                  {key.revokedAt
                                    ? t('staff.admin.key.revoked', { date: dateTimeIn(language, key.revokedAt) })
                                    : t('staff.admin.key.live')}
                                  {key.revokedAt ? null : (
                                    <button
                                      type="button"
                                      className="button button--ghost staff-keys__revoke"
                                      aria-label={t('staff.admin.key.revokeNamed', { prefix: key.prefix })}
                                      onClick={() => setAsking({ pharmacy, keyId: key.id, prefix: key.prefix })}
                                    >
                                      {t('staff.admin.key.revoke')}
                                    </button>
                                  )}
                                </li>
                              ))}
                            </ul>
                          )}
                        </td>
                        <td>
                          <PendingButton
                            variant="ghost"
                            aria-label={t('staff.admin.key.issueNamed', { name: pharmacy.name })}
                            pendingLabel={t('staff.admin.key.issuing')}
                            onPress={() => issue(pharmacy)}
                          >
                            {t('staff.admin.key.issue')}
                          </PendingButton>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <AddPharmacy countries={countries} />
          </>
        )}
      </QueryRegion>
      {asking ? (
        <ConfirmDialog
          title={t('staff.admin.key.revoke.title', { prefix: asking.prefix })}
          body={t('staff.admin.key.revoke.body')}
          error={error ? t(error) : undefined}
          confirmLabel={t('staff.admin.key.revoke')}
          pendingLabel={t('staff.admin.key.revoke.pending')}
          isPending={isRevoking}
          onConfirm={() => void revoke()}
          onCancel={() => {
            setAsking(undefined);
            setError(undefined);
          }}
          autoFocusCancel
        />
      ) : null}
    </section>
  );
}
