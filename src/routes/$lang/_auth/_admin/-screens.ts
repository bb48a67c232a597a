/**
 * The staff screens' chunks, as ../-screens.ts holds the signed-in ones: fetched by _admin's
 * beforeLoad, so a client's frame does not carry the staff screens' file lists (docs/adr/0103).
 */
export const AdminAuditScreen = () => import('../../../../features/admin/AdminAuditScreen');
export const AdminCalendarScreen = () => import('../../../../features/admin/AdminCalendarScreen');
export const AdminCannedRepliesScreen = () => import('../../../../features/admin/AdminCannedRepliesScreen');
export const AdminChatsScreen = () => import('../../../../features/admin/AdminChatsScreen');
export const AdminIpoScreen = () => import('../../../../features/admin/AdminIpoScreen');
export const AdministrationLayout = () => import('../../../../features/admin/AdministrationLayout');
export const AdminPartnersScreen = () => import('../../../../features/admin/AdminPartnersScreen');
export const AdminPaymentMethodsScreen = () => import('../../../../features/admin/AdminPaymentMethodsScreen');
export const AdminReconciliationScreen = () => import('../../../../features/admin/AdminReconciliationScreen');
export const AdminRequestsScreen = () => import('../../../../features/admin/AdminRequestsScreen');
export const AdminStrategiesScreen = () => import('../../../../features/admin/AdminStrategiesScreen');
export const AdminSupportScreen = () => import('../../../../features/admin/AdminSupportScreen');
export const AdminTicketScreen = () => import('../../../../features/admin/AdminTicketScreen');
export const AdminTicketsScreen = () => import('../../../../features/admin/AdminTicketsScreen');
export const AdminVerificationsScreen = () => import('../../../../features/admin/AdminVerificationsScreen');
