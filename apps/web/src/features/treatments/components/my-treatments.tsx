// /treatments: the patient's live treatments (modify with the doctor's authorisation, delete with a reason) and the
// history. One mode at a time: the list, the authorisation, the change (a screen of its own) or the deletion.
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { TreatmentView } from '@portal/contracts/treatments';
import { QueryRegion } from '../../../components/ui/query-region.tsx';
import { useSnackbar } from '../../../components/ui/snackbar.tsx';
import { useT } from '../../../program/use-t.ts';
import { treatmentsQuery } from '../api/treatments-api.ts';
import { AuthorizationDialog } from './authorization-dialog.tsx';
import { DeleteTreatmentDialog } from './delete-treatment-dialog.tsx';
import { ModifyTreatment } from './modify-treatment.tsx';
import { LiveTreatments, TreatmentHistory } from './treatment-list.tsx';

type Mode =
  | { kind: 'list' }
  | { kind: 'authorize'; item: TreatmentView }
  | { kind: 'modify'; item: TreatmentView }
  | { kind: 'delete'; item: TreatmentView };

interface Props {
  /** The page around the screen (the app's frame), with the title of the current mode. */
  page: (title: string, content: ReactNode) => ReactNode;
}

export function MyTreatments({ page }: Props) {
  const t = useT();
  const treatments = useQuery(treatmentsQuery());
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const snackbar = useSnackbar();
  const toList = () => setMode({ kind: 'list' });

  if (mode.kind === 'modify') {
    return page(
      t('treatments.modifyTitle'),
      <ModifyTreatment
        item={mode.item}
        onCancel={toList}
        onDone={() => {
          toList();
          snackbar(t('treatments.modified'));
        }}
      />,
    );
  }

  return page(
    t('pages.treatments.title'),
    <>
      <QueryRegion query={treatments} lines={6}>
        {({ live, deleted }) => (
          <div className="stack">
            <LiveTreatments
              live={live}
              onModify={(item) => setMode({ kind: 'authorize', item })}
              onDelete={(item) => setMode({ kind: 'delete', item })}
            />
            <TreatmentHistory deleted={deleted} />
          </div>
        )}
      </QueryRegion>
      {mode.kind === 'authorize' ? (
        <AuthorizationDialog
          medicine={mode.item.medicine}
          onClose={toList}
          onConfirm={() => setMode({ kind: 'modify', item: mode.item })}
        />
      ) : null}
      {mode.kind === 'delete' ? (
        <DeleteTreatmentDialog
          item={mode.item}
          onClose={toList}
          onDeleted={() => {
            toList();
            snackbar(t('treatments.deleted'));
          }}
        />
      ) : null}
    </>,
  );
}
