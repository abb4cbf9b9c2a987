/**
 * An L1 provider buying for one of its L2 providers: the L1's own counter packs, at its prices,
 * paid by the L1 and credited as the L2's stock (modules/counters/orders.ts).
 */
import type { Language } from '@tawqi/domain';
import { requireCaller, type Handlers } from '../../http/contractRoutes.js';
import { providerOf } from '../access/tenancy.js';
import { packOrder } from '../organization/buying.js';
import { checkout, type PaymentDeps } from '../payments/handlers.js';
import { activeL2 } from './allocations.js';
import { refuseInterested } from './decisions.js';

const L2_NOT_ACTIVE: Record<Language, string> = {
  en: 'This L2 provider is not approved, so counters cannot be bought for it yet.',
  ar: 'مزوّد المستوى الثاني هذا غير معتمد، فلا يمكن شراء رصيد له بعد.',
};

export function buyingForL2Handlers(deps: PaymentDeps): Handlers {
  return {
    l2Sips: async ({ input }) => {
      const { sipId } = input.query;
      const { rows } = await deps.pool.query<{ l2: number; en: string; ar: string }>(
        `SELECT sip_slno AS l2, name_en AS en, name_ar AS ar FROM service_providers
          WHERE parent_sip_slno = $1 AND level = 'L2' AND status = 'active' ORDER BY name_en`,
        [sipId],
      );
      return {
        dataList: rows.map((row) => ({ l2SipId: row.l2, sipName: row.en, sipNameArabic: row.ar })),
      };
    },

    // The L2 provider named is one of the L1's: the route has checked it.
    buyL2Counters: async ({ caller, tenant, input, request, audit }) => {
      const { body } = input;
      const l1 = providerOf(tenant);
      await activeL2(deps.pool, l1, body.l2SipId, L2_NOT_ACTIVE);
      // Nobody of the L2 provider buys its stock for it with the L1's money.
      await refuseInterested(deps.pool, requireCaller(caller).userSlno, {
        providers: [body.l2SipId],
      });
      return checkout(deps, audit, String(request.headers['idempotency-key']), {
        owner: {
          kind: 'provider',
          sipSlno: l1,
          forSipSlno: body.l2SipId,
          placedBy: requireCaller(caller).userSlno,
        },
        category: 'counter',
        planSlno: null,
        ...(await packOrder(deps, l1, 'counter', body.items)),
      });
    },
  };
}
