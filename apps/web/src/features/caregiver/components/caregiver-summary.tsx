// The caregiver as the profile shows it: name, relation, identification (partly masked), phone and e-mail.
import type { CaregiverView } from '@portal/contracts/caregiver';
import { COUNTRY_DIAL_CODES } from '@portal/contracts/patient-fields';
import { DetailsList, type DetailsRow } from '../../../components/ui/details-list.tsx';
import { maskIdentification } from '../../../lib/mask.ts';
import { useT } from '../../../program/use-t.ts';

export function CaregiverSummary({ caregiver }: { caregiver: CaregiverView }) {
  const t = useT();
  const relation = {
    DIRECT_FAMILY: 'signup.caregiver.relation.directFamily',
    INDIRECT_FAMILY: 'signup.caregiver.relation.indirectFamily',
    OTHER: 'signup.caregiver.relation.other',
  }[caregiver.relation];
  const rows: DetailsRow[] = [
    [t('caregiver.fields.name'), caregiver.displayName],
    [t('caregiver.fields.relation'), t(relation)],
    [t('caregiver.fields.identification'), maskIdentification(caregiver.legalIdentification)],
    [
      t('caregiver.fields.phone'),
      caregiver.phone ? `${COUNTRY_DIAL_CODES[caregiver.phone.country]} ${caregiver.phone.phoneNumber}` : '—',
    ],
    [t('caregiver.fields.email'), caregiver.email ?? '—'],
  ];
  return <DetailsList rows={rows} />;
}
