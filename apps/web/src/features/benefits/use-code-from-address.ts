// activateDiscountCode=true in the address (spec section 2; the link of the welcome mail, the call center): the
// product's code is made at once with the idempotent PUT, then the query leaves the address without a history entry,
// so a reload, a second tap or the back button never asks again; and if they did, the server answers the same code.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ProductBenefits } from '@portal/contracts/benefits';
import { useActivateCode } from './api/benefits-api.ts';

export const ACTIVATE_QUERY = 'activateDiscountCode';

export function useCodeFromAddress(product: ProductBenefits | undefined) {
  const location = useLocation();
  const navigate = useNavigate();
  const activate = useActivateCode();
  const started = useRef(false);
  const wanted = new URLSearchParams(location.search).get(ACTIVATE_QUERY) === 'true';

  useEffect(() => {
    if (!wanted || started.current) return;
    started.current = true;
    const search = new URLSearchParams(location.search);
    search.delete(ACTIVATE_QUERY);
    const rest = search.toString();
    const leave = () =>
      void navigate(
        { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
        { replace: true },
      );
    // Nothing to make: no product, or the product has its code already.
    if (!product || product.code) return leave();
    activate.mutate(product.productId, { onSettled: leave });
  }, [wanted, product, activate, location, navigate]);

  return activate;
}
