/**
 * The provider area's screens (issue 36), by route. Kept apart from ProviderArea so a page opened
 * from its address can load its screen's code together with the area's.
 */
import type { ProviderRoute } from '@tawqi/domain';
import type { ReactNode } from 'react';
import { PROVIDER_PATHS } from '../../paths.js';
import { preloadable } from '../../preload.js';

const ProviderHome = preloadable(() => import('./ProviderHome.js'));
const L2Approvals = preloadable(() => import('./L2Approvals.js'));
const StockAllocations = preloadable(() => import('./StockAllocations.js'));
const RoleAllocations = preloadable(() => import('./RoleAllocations.js'));
const AllocateRoles = preloadable(() => import('./AllocateRoles.js'));
const BuyForL2 = preloadable(() => import('./BuyForL2.js'));
const ProviderSpecialPlans = preloadable(() => import('./ProviderSpecialPlans.js'));
const ProviderPurchaseOrders = preloadable(() => import('./ProviderPurchaseOrders.js'));
const ProviderPaymentStatus = preloadable(() => import('./ProviderPaymentStatus.js'));
const ProviderInvoices = preloadable(() => import('./ProviderInvoices.js'));

export const PROVIDER_SCREENS: Record<ProviderRoute, ReactNode> = {
  [PROVIDER_PATHS.index]: <ProviderHome key="home" />,
  [PROVIDER_PATHS.l2Approvals]: <L2Approvals key="l2Approvals" />,
  [PROVIDER_PATHS.stockReport]: <StockAllocations key="stockReport" />,
  [PROVIDER_PATHS.roleAllocations]: <RoleAllocations key="roleAllocations" />,
  [PROVIDER_PATHS.allocateRoles]: <AllocateRoles key="allocateRoles" />,
  [PROVIDER_PATHS.buyForL2]: <BuyForL2 key="buyForL2" />,
  [PROVIDER_PATHS.specialPlans]: <ProviderSpecialPlans key="specialPlans" />,
  [PROVIDER_PATHS.purchaseOrders]: <ProviderPurchaseOrders key="purchaseOrders" />,
  [PROVIDER_PATHS.paymentStatus]: <ProviderPaymentStatus key="paymentStatus" />,
  [PROVIDER_PATHS.invoices]: <ProviderInvoices key="invoices" />,
};
