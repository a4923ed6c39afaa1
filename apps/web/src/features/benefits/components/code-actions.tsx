// The product's discount code on a benefit's card: 'Get my code' while it has none, else its state (active until a
// date), 'Show my code' and 'Renew' (asked first: the old code stops working at once).
import { useState } from 'react';
import { Button, Link } from 'react-aria-components';
import { useNavigate } from 'react-router';
import type { ProductBenefits } from '@portal/contracts/benefits';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PendingButton } from '../../../components/ui/pending-button.tsx';
import { useSnackbar } from '../../../components/ui/snackbar.tsx';
import { formatDate } from '../../../lib/format.ts';
import { errorKeyOf } from '../../../lib/form-errors.ts';
import { useLanguage } from '../../../lib/language.tsx';
import { pathInLanguage, paths } from '../../../lib/paths.ts';
import { useT } from '../../../program/use-t.ts';
import { useActivateCode, useRenewCode } from '../api/benefits-api.ts';

interface Props {
  product: ProductBenefits;
  /** The code is being made from the address (activateDiscountCode=true). */
  isActivating?: boolean;
}

export function CodeActions({ product, isActivating = false }: Props) {
  const t = useT();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const activate = useActivateCode();
  const renew = useRenewCode();
  const [isRenewing, setRenewing] = useState(false);
  const codeHref = pathInLanguage(language, paths.couponCode(product.searchQuery));

  if (!product.code) {
    return (
      <>
        <PendingButton
          isPending={isActivating || activate.isPending}
          pendingLabel={t('benefits.code.getting')}
          onPress={() =>
            activate
              .mutateAsync(product.productId)
              .then(() => navigate(codeHref))
              .catch(() => undefined)
          }
        >
          {t('benefits.discountCode.activate')}
        </PendingButton>
        {activate.isError ? <FormAlert tone="error">{t(errorKeyOf(activate.error))}</FormAlert> : null}
      </>
    );
  }
  return (
    <>
      <p className="benefit-card__code-state">
        {t('benefits.code.active', { date: formatDate(product.code.validUntil) })}
      </p>
      <div className="actions">
        <Link className="button button--primary" href={codeHref}>
          {t('benefits.code.show')}
        </Link>
        <Button className="button button--ghost" onPress={() => setRenewing(true)}>
          {t('benefits.code.renew')}
        </Button>
      </div>
      {isRenewing ? (
        <ConfirmDialog
          title={t('benefits.code.renewTitle')}
          body={t('benefits.code.renewBody', { code: product.code.code })}
          error={renew.isError ? t(errorKeyOf(renew.error)) : undefined}
          confirmLabel={t('benefits.code.renewConfirm')}
          pendingLabel={t('benefits.code.renewing')}
          cancelLabel={t('common.cancel')}
          variant="primary"
          isPending={renew.isPending}
          onConfirm={() =>
            renew
              .mutateAsync(product.productId)
              .then(() => {
                setRenewing(false);
                snackbar(t('benefits.code.renewed'));
              })
              .catch(() => undefined)
          }
          onCancel={() => {
            renew.reset();
            setRenewing(false);
          }}
        />
      ) : null}
    </>
  );
}
